package dev.retention.spring.boot.actuate;

import static dev.retention.spring.boot.support.JpaContexts.SESSION_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.health.RetentionView;
import dev.retention.spring.boot.application.TestApplication;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** The endpoint over JMX, as JConsole or a JMX agent calls it: through the platform MBean server. */
class RetentionEndpointJmxTest {

  @Test
  void theEndpointsOperationsAnswerOverJmx() throws Exception {
    try (ConfigurableApplicationContext context = new SpringApplicationBuilder(TestApplication.class)
        .web(WebApplicationType.NONE)
        .properties(
            "spring.datasource.generate-unique-name=true",
            "spring.jpa.properties.hibernate.jdbc.time_zone=UTC",
            "spring.jmx.enabled=true",
            "spring.jmx.unique-names=true",
            "management.endpoints.jmx.exposure.include=retention")
        .run()) {
      context.getBean(RetentionRuntime.class).sweep(SESSION_TOKEN);
      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      Set<ObjectName> names = server.queryNames(new ObjectName("*:type=Endpoint,name=Retention,*"), null);
      assertThat(names).hasSize(1);
      ObjectName endpoint = names.iterator().next();

      Object all = server.invoke(endpoint, "passes", new Object[0], new String[0]);
      assertThat(all).isInstanceOf(Map.class);
      assertThat(((Map<?, ?>) ((Map<?, ?>) all).get("passes")).containsKey(SESSION_TOKEN)).isTrue();

      // The selector's parameter is known by its name, which needs the starter compiled with -parameters.
      Object one = server.invoke(endpoint, "pass", new Object[] {SESSION_TOKEN}, new String[] {String.class.getName()});
      assertThat(one).isInstanceOf(Map.class);
      assertThat(((Map<?, ?>) one).get("entity")).isEqualTo(SESSION_TOKEN);
      // Every option and every fact of the report, as the runtime's view has them: JMX leaves none out.
      assertThat(keysOf(((Map<?, ?>) one).get("settings")))
          .containsAll(Arrays.stream(RetentionOption.values()).map(RetentionOption::key).toList());
      assertThat(keysOf(((Map<?, ?>) one).get("lastReport"))).containsAll(RetentionView.REPORT_FACTS);
    }
  }

  private static Set<Object> keysOf(Object map) {
    assertThat(map).isInstanceOf(Map.class);
    return Set.copyOf(((Map<?, ?>) map).keySet());
  }
}
