package dev.retention.quarkus.deployment;

import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.generated.RetentionRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;

/**
 * Reads the registries out of every {@code META-INF/services/dev.retention.runtime.generated.RetentionRegistry} file
 * the application's class path holds, as {@code ServiceLoader} would at run time, and checks each names a registry, so
 * that a stale services file fails the build with the class and the file named.
 */
final class RegistryScan {

  /** Where the processor registers each compilation's registry, and where {@code ServiceLoader} looks. */
  static final String SERVICES_FILE = "META-INF/services/" + RetentionRegistry.class.getName();

  private RegistryScan() {}

  static List<String> scan(ClassLoader loader) {
    TreeSet<String> classNames = new TreeSet<>();
    List<String> problems = new ArrayList<>();
    try {
      for (URL file : Collections.list(loader.getResources(SERVICES_FILE))) {
        for (String line : read(file).split("\\R")) {
          String className = line.replaceFirst("#.*", "").trim();
          if (className.isEmpty()) {
            continue;
          }
          String problem = check(loader, className);
          if (problem == null) {
            classNames.add(className);
          } else {
            problems.add("the retention registry " + className + " listed in " + file + " " + problem
                + ". Rebuild the module that generated it, or remove the stale services file");
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + SERVICES_FILE + " files", e);
    }
    if (!problems.isEmpty()) {
      throw new RetentionConfigurationException(problems);
    }
    return new ArrayList<>(classNames);
  }

  /** Why {@code className} is no registry, or null when it is one. */
  private static String check(ClassLoader loader, String className) {
    try {
      Class<?> type = Class.forName(className, false, loader);
      return RetentionRegistry.class.isAssignableFrom(type) ? null
          : "does not implement " + RetentionRegistry.class.getName();
    } catch (ClassNotFoundException | LinkageError e) {
      return "cannot be loaded (" + e + ")";
    }
  }

  private static String read(URL url) throws IOException {
    try (InputStream in = url.openStream()) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
