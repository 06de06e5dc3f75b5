package dev.retention.spring.boot.autoconfigure;

import dev.retention.runtime.RetentionRuntime;
import dev.retention.spring.boot.ScopeWindowsRegistration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.BeanFactoryUtils;
import org.springframework.beans.factory.ListableBeanFactory;

/**
 * Hands the application's {@link ScopeWindowsRegistration} beans to the runtime's builder, one per pass. Two for one
 * pass are refused here rather than by the builder, which knows the pass but not the beans.
 */
final class ScopeWindowsBeans {

  private ScopeWindowsBeans() {}

  /**
   * Registers every {@link ScopeWindowsRegistration} bean of {@code beans} (and of its ancestors) on {@code builder}.
   *
   * @throws IllegalStateException naming each pass with more than one bean, and those beans
   */
  static void register(ListableBeanFactory beans, RetentionRuntime.Builder builder) {
    Map<String, List<String>> beanNamesByPass = new LinkedHashMap<>();
    Map<String, ScopeWindowsRegistration> registrations =
        BeanFactoryUtils.beansOfTypeIncludingAncestors(beans, ScopeWindowsRegistration.class);
    registrations.forEach((beanName, registration) ->
        beanNamesByPass.computeIfAbsent(registration.passName(), pass -> new ArrayList<>()).add(beanName));
    List<String> problems = new ArrayList<>();
    beanNamesByPass.forEach((pass, beanNames) -> {
      if (beanNames.size() > 1) {
        problems.add("Pass " + pass + " has " + beanNames.size() + " ScopeWindowsRegistration beans, '"
            + String.join("' and '", beanNames) + "', and takes one: merge them into one bean, whose ScopeWindows may"
            + " consult several sources");
      }
    });
    if (!problems.isEmpty()) {
      throw new IllegalStateException(String.join("; ", problems));
    }
    registrations.values().forEach(registration -> builder.scopeWindows(registration.passName(),
        registration.windows()));
  }
}
