package dev.retention.it.support;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;

/**
 * A database of its own for one test class: an in-memory H2 database, or a database created on the local PostgreSQL
 * or MariaDB server and dropped afterwards (a {@link ScratchDatabase}).
 *
 * <p>The PostgreSQL and MariaDB suites run with {@code -Dtest.servers=optional} or {@code required}, or where
 * {@code -Dtest.databases} names their server ({@link TestServers}); when a server does not answer, its suites are
 * skipped with a message, unless {@code test.servers} is {@code required} (as in CI), where they fail.
 * {@code -Dtest.databases=h2} runs a developer's quick pass on the listed databases only.
 */
public final class TestDatabase implements AutoCloseable {

  /**
   * The databases the suites and the benchmarks run on, and how to reach their local servers. A suite parameterized
   * by it shows the JPA provider on the class path beside the database.
   */
  public enum Kind {
    H2("H2", null, null, "sa"),
    POSTGRESQL("PostgreSQL", "jdbc:postgresql://127.0.0.1:5432/", "postgres", "postgres"),
    MARIADB("MariaDB", "jdbc:mariadb://127.0.0.1:3306/", "", "root");

    private final String label;
    private final String serverUrl;
    private final String adminDatabase;
    private final String user;

    Kind(String label, String serverUrl, String adminDatabase, String user) {
      this.label = label;
      this.serverUrl = serverUrl;
      this.adminDatabase = adminDatabase;
      this.user = user;
    }

    public String label() {
      return label;
    }

    /** The name used on the benchmark's command line and in its CSV files. */
    public String key() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** The user the suites and benchmarks connect as: the server's administrator, with an empty password. */
    public String user() {
      return user;
    }

    /** The JDBC URL of database {@code name} on this kind's server. */
    String databaseUrl(String name) {
      return serverUrl + name + urlOptions();
    }

    /** The JDBC URL of the server's administrative database, where databases are created and dropped. */
    String adminUrl() {
      return serverUrl + adminDatabase + urlOptions();
    }

    private String urlOptions() {
      // The MariaDB server here refuses TLS, which the 3.x driver may try: turn it off explicitly.
      return this == MARIADB ? "?sslMode=disable&connectTimeout=5000" : "?connectTimeout=5";
    }

    /** The kind named {@code key} on the command line. */
    public static Kind parse(String key) {
      return Arrays.stream(values())
          .filter(kind -> kind.key().equals(key.trim().toLowerCase(Locale.ROOT)))
          .findFirst()
          .orElseThrow(() -> new IllegalArgumentException("Unknown database '" + key + "'; known: "
              + Arrays.stream(values()).map(Kind::key).collect(Collectors.joining(", "))));
    }

    /** The database and the JPA provider the suites run with, as test reports show it. */
    @Override
    public String toString() {
      return label + ", " + JpaProvider.onClassPath().label();
    }
  }

  private static final String SERVERS_PROPERTY = "test.servers";
  /** {@code -Dtest.databases=h2,postgresql} runs the suites on those databases only; the others are skipped. */
  private static final String DATABASES_PROPERTY = "test.databases";

  private final ScratchDatabase database;

  private TestDatabase(ScratchDatabase database) {
    this.database = database;
  }

  /** Creates a fresh, empty database of {@code kind}; skips (or fails, in CI) when its server does not answer. */
  public static TestDatabase create(Kind kind) {
    String selected = System.getProperty(DATABASES_PROPERTY, "");
    if (!selected.isBlank() && !Arrays.asList(selected.toUpperCase(Locale.ROOT).split(",")).contains(kind.name())) {
      Assumptions.abort(kind.label() + " not among -D" + DATABASES_PROPERTY + "=" + selected);
    }
    if (kind != Kind.H2) {
      TestServers.skipUnlessWanted(kind.key());
    }
    try {
      return new TestDatabase(ScratchDatabase.create(kind, "retention_it_"));
    } catch (DatabaseUnavailableException e) {
      throw unavailable(kind, e);
    }
  }

  private static AssertionError unavailable(Kind kind, DatabaseUnavailableException e) {
    String reason = e.getMessage();
    if (TestServers.required()) {
      return new AssertionError(reason + "; the " + kind.label() + " suites are required here (-D" + SERVERS_PROPERTY
          + "=required)", e);
    }
    String message = kind.label() + " suite skipped: " + reason + ". Start the server, or run with -D"
        + SERVERS_PROPERTY + "=required to make this a failure";
    System.out.println("[SKIPPED] " + message);
    Assumptions.abort(message);
    throw new AssertionError("unreachable: Assumptions.abort throws");
  }

  public Kind kind() {
    return database.kind();
  }

  public String url() {
    return database.url();
  }

  /** The database's name on its server, unique to it: a prefix for the names of what a suite creates beside it. */
  public String name() {
    return database.name();
  }

  public String user() {
    return database.user();
  }

  public String password() {
    return database.password();
  }

  public Connection connect() throws SQLException {
    return database.connect();
  }

  /** Drops the database; for H2, shuts the in-memory database down. */
  @Override
  public void close() throws SQLException {
    database.close();
  }

  @Override
  public String toString() {
    return database.toString();
  }
}
