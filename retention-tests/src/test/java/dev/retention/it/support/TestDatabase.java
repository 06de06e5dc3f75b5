package dev.retention.it.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Assumptions;

/**
 * A database of its own for one test class: an in-memory H2 database, or a database created on the local PostgreSQL
 * or MariaDB server and dropped afterwards.
 *
 * <p>When a server does not answer, its suites are skipped with a message, unless the system property
 * {@code test.servers} is {@code required} (as in CI), where they fail.
 */
public final class TestDatabase implements AutoCloseable {

  /** The kinds of database the suites run on. */
  public enum Kind {
    H2("H2", null, null, null),
    POSTGRESQL("PostgreSQL", "jdbc:postgresql://127.0.0.1:5432/", "postgres", "postgres"),
    MARIADB("MariaDB", "jdbc:mariadb://127.0.0.1:3306/", "root", "");

    private final String label;
    private final String serverUrl;
    private final String adminDatabase;
    private final String user;

    Kind(String label, String serverUrl, String user, String adminDatabase) {
      this.label = label;
      this.serverUrl = serverUrl;
      this.user = user;
      this.adminDatabase = adminDatabase;
    }

    public String label() {
      return label;
    }
  }

  private static final String SERVERS_PROPERTY = "test.servers";

  private final Kind kind;
  private final String name;
  private final String url;

  private TestDatabase(Kind kind, String name, String url) {
    this.kind = kind;
    this.name = name;
    this.url = url;
  }

  /** Creates a fresh, empty database of {@code kind}; skips (or fails, in CI) when its server does not answer. */
  public static TestDatabase create(Kind kind) {
    String name = "retention_it_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
    if (kind == Kind.H2) {
      return new TestDatabase(kind, name, "jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1");
    }
    try (Connection admin = DriverManager.getConnection(kind.serverUrl + kind.adminDatabase + options(kind),
        kind.user, "");
        Statement statement = admin.createStatement()) {
      statement.execute("create database " + name);
    } catch (SQLException e) {
      unavailable(kind, e);
    }
    return new TestDatabase(kind, name, kind.serverUrl + name + options(kind));
  }

  private static String options(Kind kind) {
    return kind == Kind.MARIADB ? "?sslMode=disable&connectTimeout=5000" : "?connectTimeout=5";
  }

  private static void unavailable(Kind kind, SQLException e) {
    String reason = kind.label + " at " + kind.serverUrl + " did not answer (" + e.getMessage() + ")";
    if ("required".equals(System.getProperty(SERVERS_PROPERTY))) {
      throw new AssertionError(reason + "; the " + kind.label + " suites are required here (-D" + SERVERS_PROPERTY
          + "=required)", e);
    }
    String message = kind.label + " suite skipped: " + reason + ". Start the server, or run with -D"
        + SERVERS_PROPERTY + "=required to make this a failure";
    System.out.println("[SKIPPED] " + message);
    Assumptions.abort(message);
  }

  public Kind kind() {
    return kind;
  }

  public String url() {
    return url;
  }

  public String user() {
    return kind == Kind.H2 ? "sa" : kind.user;
  }

  public String password() {
    return "";
  }

  public Connection connect() throws SQLException {
    return DriverManager.getConnection(url, user(), password());
  }

  /** Drops the database; for H2, shuts the in-memory database down. */
  @Override
  public void close() throws SQLException {
    if (kind == Kind.H2) {
      try (Connection connection = connect(); Statement statement = connection.createStatement()) {
        statement.execute("shutdown");
      }
      return;
    }
    try (Connection admin = DriverManager.getConnection(kind.serverUrl + kind.adminDatabase + options(kind),
        kind.user, "");
        Statement statement = admin.createStatement()) {
      statement.execute(kind == Kind.POSTGRESQL
          ? "drop database if exists " + name + " with (force)"
          : "drop database if exists " + name);
    }
  }

  @Override
  public String toString() {
    return kind.label + " " + name.toLowerCase(Locale.ROOT);
  }
}
