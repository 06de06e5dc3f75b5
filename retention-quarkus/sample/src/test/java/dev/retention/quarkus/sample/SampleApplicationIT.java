package dev.retention.quarkus.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The sample as a user deploys it: packaged by {@code mvn package}, started with {@code java -jar} on a PostgreSQL
 * database that already holds a backlog of expired sessions, with options from environment variables beside
 * application.properties and a stray {@code RETENTION_DAYS} of some other tool. The background sweep deletes exactly
 * the expired rows, the wellness check reports it over HTTP while readiness leaves it out, and the application stops
 * cleanly.
 */
class SampleApplicationIT {

  private static final String PASS = "dev.retention.quarkus.sample.UserSession";
  private static final Duration STARTUP = Duration.ofSeconds(90);

  @Test
  void sweepsTheBacklogInTheBackgroundAndReportsItInWellness() throws Exception {
    Instant now = Instant.now();
    try (SampleDatabase database = SampleDatabase.create()) {
      try (Connection connection = database.connect()) {
        createSchema(connection);
        insert(connection, 1, now.minus(Duration.ofDays(30)));
        insert(connection, 2, now.minus(Duration.ofDays(2)));
        insert(connection, 3, now.minus(Duration.ofMinutes(5)));
        insert(connection, 4, now.plus(Duration.ofDays(1)));
        insert(connection, 5, now.plus(Duration.ofDays(30)));
      }
      int port = freePort();
      try (SampleProcess sample = SampleProcess.start(
          List.of(
              "-Dquarkus.http.port=" + port,
              "-Dquarkus.datasource.jdbc.url=" + database.url(),
              "-Dquarkus.datasource.username=" + database.user()),
          Map.of(
              // A key no file has: without it the first sweep could wait for the start-up stagger, up to a minute.
              "RETENTION_DEFAULTS_MAX_STARTUP_STAGGER", "0s",
              // A key application.properties sets to 10m: the environment wins, as for every Quarkus key.
              "RETENTION_DEV_RETENTION_QUARKUS_SAMPLE_USERSESSION_SWEEP_INTERVAL", "20m",
              // Another tool's variable: a warning, never a failed start.
              "RETENTION_DAYS", "30"))) {
        String started = sample.awaitLine(line -> line.contains("Retention started"), STARTUP);
        String passLine = sample.awaitLine(line -> line.contains(PASS) && line.contains("first sweep in"), STARTUP);
        assertTrue(passLine.contains("every 20m, first sweep in 0"), () -> started + "\n" + sample.output());
        String swept = sample.awaitLine(line -> line.contains(PASS + ": deleted"), STARTUP);
        assertTrue(swept.contains(PASS + ": deleted 3 rows"), () -> swept + "\n" + sample.output());
        assertTrue(sample.output().contains("Environment variable RETENTION_DAYS is ignored: it matches no Retention"
            + " key"), sample::output);

        HttpResponse<String> wellness = get(port, "/q/health/well");
        assertEquals(200, wellness.statusCode(), wellness::body);
        assertEquals("UP", jsonValue(wellness.body(), "status"), wellness::body);
        assertEquals("1", jsonValue(wellness.body(), "passes"), wellness::body);
        // The runtime's view of the pass, where a Quarkus user looks: the option the environment set, the sweep.
        HttpResponse<String> view = get(port, "/q/retention/" + PASS);
        assertEquals(200, view.statusCode(), view::body);
        assertTrue(view.body().contains("\"sweep-interval\":\"20m\"") && view.body().contains("\"deleted\":3")
            && view.body().contains("\"skipped\":false") && view.body().contains("\"epoch-check\":true"), view::body);
        HttpResponse<String> readiness = get(port, "/q/health/ready");
        assertEquals(200, readiness.statusCode(), readiness::body);
        assertFalse(readiness.body().contains("Retention"), readiness::body);

        try (Connection connection = database.connect()) {
          assertEquals(List.of(4L, 5L), remainingIds(connection), "the expired sessions, and only they, are gone");
        }
        // SIGTERM, as a service manager stops it: the JVM runs its shutdown hooks and exits with 128 + 15.
        assertEquals(143, sample.stop(Duration.ofSeconds(30)), sample::output);
        assertFalse(sample.output().contains(" ERROR "), sample::output);
      }
    }
  }

  /** The schema the application's migrations would create; Hibernate validates it at start. */
  private static void createSchema(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("create table user_session (id bigint primary key, owner varchar(255) not null,"
          + " expires_at timestamp(6) with time zone not null)");
      statement.execute("create index user_session_expires_at on user_session (expires_at)");
    }
  }

  private static void insert(Connection connection, long id, Instant expiresAt) throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(
        "insert into user_session (id, owner, expires_at) values (?, ?, ?)")) {
      insert.setLong(1, id);
      insert.setString(2, "user-" + id);
      insert.setTimestamp(3, Timestamp.from(expiresAt));
      insert.executeUpdate();
    }
  }

  private static List<Long> remainingIds(Connection connection) throws SQLException {
    List<Long> ids = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("select id from user_session order by id")) {
      while (rows.next()) {
        ids.add(rows.getLong(1));
      }
    }
    return ids;
  }

  private static HttpResponse<String> get(int port, String path) throws IOException, InterruptedException {
    return HttpClient.newHttpClient().send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** The first value of {@code "key": value} in a JSON text, without quotes. */
  private static String jsonValue(String json, String key) {
    Matcher matcher = Pattern.compile("\"" + Pattern.quote(key) + "\"\\s*:\\s*\"?([^\",}]*)\"?").matcher(json);
    return matcher.find() ? matcher.group(1).trim() : null;
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
