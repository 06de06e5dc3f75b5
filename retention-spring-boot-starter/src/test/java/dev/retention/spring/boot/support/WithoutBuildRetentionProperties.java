package dev.retention.spring.boot.support;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Hides the build's own {@code retention.*} system properties from the application contexts of a test class, and
 * puts them back afterwards.
 *
 * <p>The build hands {@code -Dretention.servers} to every test JVM for the database suites. A Spring application reads
 * system properties, and the runtime rightly rejects a {@code retention.*} key that names no option, so without this
 * every context here would fail to start on a key that is not the test's.
 */
public final class WithoutBuildRetentionProperties implements BeforeAllCallback, AfterAllCallback {

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(WithoutBuildRetentionProperties.class);

  @Override
  public void beforeAll(ExtensionContext context) {
    Map<String, String> hidden = new TreeMap<>();
    for (String key : System.getProperties().stringPropertyNames()) {
      if (key.startsWith("retention.")) {
        hidden.put(key, System.getProperty(key));
      }
    }
    hidden.keySet().forEach(System::clearProperty);
    context.getStore(NAMESPACE).put("hidden", hidden);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    @SuppressWarnings("unchecked")
    Map<String, String> hidden = context.getStore(NAMESPACE).get("hidden", Map.class);
    if (hidden != null) {
      hidden.forEach(System::setProperty);
    }
  }
}
