package dev.retention.micronaut;

import dev.retention.micronaut.model.SessionToken;
import dev.retention.runtime.RetentionConfigurationException;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.ApplicationContextBuilder;
import io.micronaut.context.env.PropertySource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A Micronaut application context as an application's would be: Hibernate JPA on a database of its own in H2, the
 * test's {@code application.properties}, an HTTP server on a free port. Rows are written and counted over JDBC, beside
 * the application.
 */
final class TestApplication {

  static final String PASS = SessionToken.class.getName();

  private static final AtomicInteger DATABASES = new AtomicInteger();

  private final String url = "jdbc:h2:mem:retention_micronaut_" + DATABASES.incrementAndGet() + ";DB_CLOSE_DELAY=-1";

  /** A builder with this application's database, {@code properties} and {@code sources} beside the files. */
  ApplicationContextBuilder builder(Map<String, Object> properties, PropertySource... sources) {
    Map<String, Object> all = new HashMap<>(properties);
    all.putAll(dataSource("default", url));
    return ApplicationContext.builder().properties(all).propertySources(sources);
  }

  /** The properties of an H2 data source named {@code name} at {@code url}, as in an application's configuration. */
  static Map<String, Object> dataSource(String name, String url) {
    String prefix = "datasources." + name + ".";
    return Map.of(prefix + "url", url, prefix + "driver-class-name", "org.h2.Driver", prefix + "username", "sa",
        prefix + "password", "");
  }

  /**
   * The configuration problem that stops the application {@code builder} makes from starting. What the integration
   * set up by then (the runtime's log route) it undoes itself, since Micronaut destroys no bean of a context that
   * never started; the tests that follow in this JVM would see it otherwise.
   */
  static RetentionConfigurationException startFailure(ApplicationContextBuilder builder) {
    ApplicationContext context = builder.build();
    try {
      context.start();
    } catch (RuntimeException failure) {
      for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
        if (cause instanceof RetentionConfigurationException problem) {
          return problem;
        }
      }
      throw new AssertionError("the start failed, but not on Retention's configuration", failure);
    } finally {
      context.close();
    }
    throw new AssertionError("the application started");
  }

  /** Starts the application with {@code properties} beside the files. */
  ApplicationContext start(Map<String, Object> properties, PropertySource... sources) {
    return builder(properties, sources).start();
  }

  void insert(long id, Instant expiresAt) throws SQLException {
    insert(url, "session_token", id, expiresAt);
  }

  long count() throws SQLException {
    return count(url, "session_token");
  }

  /** Writes a token into {@code table} (schema-qualified, or not) of the database at {@code url}. */
  static void insert(String url, String table, long id, Instant expiresAt) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url, "sa", "");
        PreparedStatement insert = connection.prepareStatement(
            "insert into " + table + " (id, expires_at) values (?, ?)")) {
      insert.setLong(1, id);
      insert.setTimestamp(2, Timestamp.from(expiresAt));
      insert.executeUpdate();
    }
  }

  /** The rows of {@code table} in the database at {@code url}. */
  static long count(String url, String table) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url, "sa", "");
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("select count(*) from " + table)) {
      rows.next();
      return rows.getLong(1);
    }
  }

  void execute(String sql) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url, "sa", "");
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }
}
