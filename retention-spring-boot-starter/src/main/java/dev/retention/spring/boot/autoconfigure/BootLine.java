package dev.retention.spring.boot.autoconfigure;

import dev.retention.spring.boot.WrongStarterException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;

/**
 * Checks that the starter on the class path is the one built for the Spring Boot line the application runs. Each
 * starter jar says which line it is for in {@value #RESOURCE}; the Boot 4 starter on Boot 3.5 (or the reverse) would
 * otherwise start, sweep, and silently have no health indicator, since each line's health API lives in packages the
 * other does not have.
 */
final class BootLine {

  /** The resource each starter jar describes itself in. */
  static final String RESOURCE = "META-INF/retention/spring-boot-starter.properties";

  private BootLine() {}

  /**
   * @param loader the class loader of the application's context, which sees the starter jars
   * @param bootVersion the running Spring Boot version, {@code SpringBootVersion.getVersion()}; null when unknown (a
   *     repackaged Boot), which is not checked
   * @throws WrongStarterException naming the artifact to use instead, when the starter is not built for that version,
   *     or when both starters are on the class path
   */
  static void check(ClassLoader loader, String bootVersion) {
    List<Properties> starters = starters(loader);
    if (bootVersion == null || starters.isEmpty()) {
      return;
    }
    String runningLine = bootVersion.split("\\.", -1)[0];
    if (starters.size() > 1) {
      Properties meant = starters.stream().filter(starter -> runningLine.equals(starter.getProperty("boot-line")))
          .findFirst().orElse(starters.get(0));
      throw new WrongStarterException("Two Retention starters are on the class path, "
          + String.join(" and ", starters.stream().map(starter -> starter.getProperty("artifact")).toList())
          + ", and the application runs Spring Boot " + bootVersion, "Keep only dev.retention:"
          + meant.getProperty("artifact") + " (for Spring Boot " + meant.getProperty("boot-versions") + ")");
    }
    Properties starter = starters.get(0);
    if (!runningLine.equals(starter.getProperty("boot-line"))) {
      throw new WrongStarterException("dev.retention:" + starter.getProperty("artifact") + " is built for Spring Boot "
          + starter.getProperty("boot-versions") + ", and the application runs Spring Boot " + bootVersion + ": its"
          + " health indicator and endpoint would be missing",
          "Replace it with dev.retention:" + starter.getProperty("other-artifact") + ", the starter for Spring Boot "
              + starter.getProperty("other-boot-versions") + ", at the same version");
    }
  }

  private static List<Properties> starters(ClassLoader loader) {
    List<Properties> starters = new ArrayList<>();
    try {
      for (URL url : Collections.list(loader.getResources(RESOURCE))) {
        Properties starter = new Properties();
        try (InputStream in = url.openStream()) {
          starter.load(in);
        }
        starters.add(starter);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + RESOURCE, e);
    }
    return starters;
  }
}
