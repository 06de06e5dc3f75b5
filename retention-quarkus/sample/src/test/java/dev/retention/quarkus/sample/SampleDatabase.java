package dev.retention.quarkus.sample;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Assumptions;

/**
 * A database of its own on the local PostgreSQL server, dropped afterwards. It runs with {@code -Dtest.servers=optional}
 * or {@code required}, as the other server suites do (the README's {@code mvn -B verify} leaves them out); when the
 * server does not answer the test is skipped with a message, unless {@code -Dtest.servers=required} (as in CI), where
 * it fails.
 */
final class SampleDatabase implements AutoCloseable {

  private static final String SERVER = "jdbc:postgresql://127.0.0.1:5432/";
  private static final String USER = "postgres";

  private final String name;

  private SampleDatabase(String name) {
    this.name = name;
  }

  static SampleDatabase create() {
    String servers = System.getProperty("test.servers", "");
    Assumptions.assumeTrue(servers.equals("optional") || servers.equals("required"),
        "the Quarkus sample's PostgreSQL suite runs with -Dtest.servers=optional or =required");
    String name = "retention_quarkus_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
    try (Connection admin = DriverManager.getConnection(SERVER + "postgres?connectTimeout=5", USER, "");
        Statement statement = admin.createStatement()) {
      statement.execute("create database " + name);
    } catch (SQLException e) {
      String reason = "PostgreSQL at " + SERVER + " did not answer (" + e.getMessage() + ")";
      if ("required".equals(System.getProperty("test.servers"))) {
        throw new AssertionError(reason + "; the PostgreSQL suites are required here (-Dtest.servers=required)", e);
      }
      String message = "Quarkus sample skipped: " + reason + ". Start the server, or run with -Dtest.servers=required"
          + " to make this a failure";
      System.out.println("[SKIPPED] " + message);
      Assumptions.abort(message);
    }
    return new SampleDatabase(name);
  }

  String url() {
    return SERVER + name;
  }

  String user() {
    return USER;
  }

  Connection connect() throws SQLException {
    return DriverManager.getConnection(url(), USER, "");
  }

  @Override
  public void close() throws SQLException {
    try (Connection admin = DriverManager.getConnection(SERVER + "postgres", USER, "");
        Statement statement = admin.createStatement()) {
      statement.execute("drop database if exists " + name + " with (force)");
    }
  }
}
