package dev.retention.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Keeps Hibernate's start-up lines and the runtime's per-sweep INFO lines out of the tables. Both log through
 * java.util.logging here (no other backend is on the classpath); warnings still show.
 */
final class QuietLogging {

  /** java.util.logging holds loggers weakly: a level set on a collected logger would be lost. */
  private static final List<Logger> CONFIGURED = new ArrayList<>();

  private QuietLogging() {}

  static void apply() {
    set("org.hibernate", Level.WARNING);
    // The built-in connection pool warns that it is not for production, once per factory: true, and beside the point.
    set("org.hibernate.orm.connections.pooling", Level.SEVERE);
    set("dev.retention", Level.WARNING);
    // But a pass that leaves the range statement for its other shape says so: a drain's figures then mix the two.
    set("dev.retention.runtime.internal.shape.hibernate.RangeShapes", Level.INFO);
  }

  private static void set(String name, Level level) {
    Logger logger = Logger.getLogger(name);
    logger.setLevel(level);
    CONFIGURED.add(logger);
  }
}
