package dev.retention.quarkus.runtime;

import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.generated.RetentionRegistry;
import io.quarkus.runtime.annotations.Recorder;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** Creates, when the application starts, the registries the build found. */
@Recorder
public class RetentionRecorder {

  /** The registries named {@code classNames}, instantiated with the application's class loader. */
  public Supplier<DiscoveredRegistries> registries(List<String> classNames) {
    return () -> {
      ClassLoader loader = Thread.currentThread().getContextClassLoader();
      List<RetentionRegistry> registries = new ArrayList<>();
      List<String> problems = new ArrayList<>();
      for (String className : classNames) {
        try {
          registries.add(Class.forName(className, true, loader).asSubclass(RetentionRegistry.class)
              .getDeclaredConstructor().newInstance());
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
          problems.add("cannot create the retention registry " + className + " found at build time: " + e);
        }
      }
      if (!problems.isEmpty()) {
        throw new RetentionConfigurationException(problems);
      }
      return new DiscoveredRegistries(registries);
    };
  }
}
