package dev.retention.micronaut;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.retention.micronaut.model.TestCustomizer;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionRuntime;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.EnvironmentPropertySource;
import io.micronaut.context.env.MapPropertySource;
import io.micronaut.context.env.PropertySource;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The {@code retention.*} keys of the application's own configuration reach the runtime as written, and the runtime
 * rejects one it does not know, failing start-up with its name and the key meant; a {@code RETENTION_*} environment
 * variable binds when it is a key, and is only a warning when it is not.
 */
class ConfigurationBindingTest {

  private final TestApplication application = new TestApplication();
  private final ListAppender<ILoggingEvent> warnings = new ListAppender<>();
  private final Logger log = (Logger) LoggerFactory.getLogger(RetentionProperties.class);

  @BeforeEach
  void captureWarnings() {
    warnings.start();
    log.addAppender(warnings);
    log.setAdditive(false);
  }

  @AfterEach
  void releaseWarnings() {
    log.detachAppender(warnings);
    log.setAdditive(true);
  }

  @Test
  void aKeyOfTheApplicationsFilesReachesThePass() {
    try (ApplicationContext context = application.start(Map.of(
        "retention." + TestApplication.PASS + ".batch-size", "7",
        "retention.defaults.dry-run", "true"))) {
      RetentionRuntime runtime = context.getBean(RetentionRuntime.class);
      assertEquals(7, runtime.settings(TestApplication.PASS).batchSize());
      assertTrue(runtime.settings(TestApplication.PASS).dryRun());
    }
  }

  @Test
  void theApplicationsCustomizerBeansAdjustTheBuilder() {
    try (ApplicationContext context = application.start(Map.of(TestCustomizer.PROPERTY, "true"))) {
      RetentionRuntime runtime = context.getBean(RetentionRuntime.class);
      assertEquals(TestCustomizer.MAX_BATCHES_PER_SCOPE, runtime.settings(TestApplication.PASS).maxBatchesPerScope());
    }
  }

  @Test
  void aPassNestedInYamlBinds() {
    try (ApplicationContext context = application.builder(Map.of()).environments("yaml").start()) {
      RetentionRuntime runtime = context.getBean(RetentionRuntime.class);
      assertEquals(8, runtime.settings(TestApplication.PASS).batchSize());
      assertTrue(runtime.settings(TestApplication.PASS).dryRun());
    }
  }

  @Test
  void anUnknownKeyInAnApplicationFileFailsTheStartNamingItAndTheKeyMeant() {
    RetentionConfigurationException cause =
        TestApplication.startFailure(application.builder(Map.of()).environments("typo"));
    assertEquals(1, cause.problems().size(), cause::getMessage);
    String problem = cause.problems().get(0);
    assertTrue(problem.contains("retention.defaults.batch-sise"), problem);
    assertTrue(problem.contains("batch-size"), problem);
  }

  @Test
  void aVariableThatIsAKeyBindsAndWinsOverTheFiles() {
    PropertySource environment = variables(Map.of(
        "RETENTION_DEV_RETENTION_MICRONAUT_MODEL_SESSIONTOKEN_BATCH_SIZE", "9"));
    // application-batch.properties sets the same key to 7.
    try (ApplicationContext context = application.builder(Map.of(), environment).environments("batch").start()) {
      assertEquals(9, context.getBean(RetentionRuntime.class).settings(TestApplication.PASS).batchSize());
    }
    assertEquals(List.of(), warnings.list);
  }

  @Test
  void aStrayVariableIsAWarningNamingTheKeyItMayHaveMeantAndTheApplicationStarts() {
    PropertySource environment = variables(Map.of("RETENTION_DEFAULTS_BATCH_SISE", "10", "RETENTION_DAYS", "30"));
    try (ApplicationContext context = application.start(Map.of(), environment)) {
      assertEquals(500, context.getBean(RetentionRuntime.class).settings(TestApplication.PASS).batchSize());
    }
    List<String> messages = warnings.list.stream().map(ILoggingEvent::getFormattedMessage).sorted().toList();
    assertEquals(2, messages.size(), messages::toString);
    assertTrue(messages.get(0).startsWith(
        "Environment variable RETENTION_DAYS is ignored: it matches no Retention key"), messages::toString);
    assertEquals("Environment variable RETENTION_DEFAULTS_BATCH_SISE is ignored: it matches no Retention key; did you"
        + " mean RETENTION_DEFAULTS_BATCH_SIZE (retention.defaults.batch-size)?", messages.get(1));
    assertTrue(messages.stream().noneMatch(message -> message.contains("30")), "values stay out of the log");
  }

  @Test
  void aFailuresThresholdBelowOneFailsTheStartNamingTheKey() {
    RetentionConfigurationException cause = TestApplication.startFailure(
        application.builder(Map.of(RetentionHealthIndicator.FAILURES_THRESHOLD, "0")));
    assertTrue(cause.getMessage().contains("endpoints.health.retention.failures-threshold = 0: must be at least 1"),
        cause::getMessage);
  }

  /** A source of environment variables where Micronaut's own, which reads {@code System.getenv()}, stands. */
  private static PropertySource variables(Map<String, Object> variables) {
    return new MapPropertySource("test-env", variables) {
      @Override
      public PropertyConvention getConvention() {
        return PropertyConvention.ENVIRONMENT_VARIABLE;
      }

      @Override
      public int getOrder() {
        return EnvironmentPropertySource.POSITION;
      }
    };
  }
}
