package dev.retention.benchmarks.probe;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * What one batch's delete costs on H2 by the number of ids it lists: one {@code in} list, the same ids 500 at a time,
 * and an array parameter. Thread CPU time, not wall time, so that a loaded machine blurs it less. Two rounds; the second
 * is the one to read (the JIT is warm). Quoted in docs/PERFORMANCE.md:
 *
 * <pre>{@code java -cp retention-benchmarks/target/retention-benchmarks.jar dev.retention.benchmarks.probe.H2InListProbe}</pre>
 */
public final class H2InListProbe {

  private static final int ROWS = 600_000;
  private static final int CHUNK = 500;
  private static final Timestamp CUTOFF = Timestamp.valueOf("2020-01-01 00:00:00");
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private H2InListProbe() {}

  public static void main(String[] args) throws Exception {
    Path directory = Files.createTempDirectory("h2-in-list");
    try (Connection connection = DriverManager.getConnection("jdbc:h2:" + directory.resolve("probe"))) {
      load(connection);
      for (int round = 1; round <= 2; round++) {
        for (int ids : new int[] {1_000, 5_000, 10_000}) {
          for (String form : List.of("in-list", "chunks-of-500", "any-array")) {
            measure(connection, round, ids, form);
          }
        }
      }
      try (Statement statement = connection.createStatement();
          ResultSet plan = statement.executeQuery(
              "explain delete from expiring_row where id in (?, ?, ?) and expires_at <= ?")) {
        plan.next();
        System.out.println(plan.getString(1));
      }
    } finally {
      try (Stream<Path> files = Files.walk(directory)) {
        for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(file);
        }
      }
    }
  }

  private static void load(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("create table expiring_row (id bigint primary key, expires_at timestamp, payload varchar(64))");
      statement.execute("create index ix_exp on expiring_row(expires_at)");
      statement.execute("insert into expiring_row select x, timestamp '2020-01-01 00:00:00' + (x - " + ROWS / 2
          + ") * interval '1' second, 'p' from system_range(1, " + ROWS + ")");
    }
    connection.setAutoCommit(false);
  }

  private static void measure(Connection connection, int round, int count, String form) throws SQLException {
    long start = THREADS.getCurrentThreadCpuTime();
    List<Long> ids = oldestExpired(connection, count);
    long selected = THREADS.getCurrentThreadCpuTime();
    int deleted = switch (form) {
      case "in-list" -> deleteInList(connection, ids);
      case "chunks-of-500" -> {
        int sum = 0;
        for (int from = 0; from < ids.size(); from += CHUNK) {
          sum += deleteInList(connection, ids.subList(from, Math.min(ids.size(), from + CHUNK)));
        }
        yield sum;
      }
      default -> deleteAny(connection, ids);
    };
    long done = THREADS.getCurrentThreadCpuTime();
    connection.commit();
    System.out.printf(Locale.ROOT, "round %d, %,6d ids, %-13s select %6.1f ms, delete %7.1f ms CPU (%.1f us a row)%n",
        round, count, form, (selected - start) / 1e6, (done - selected) / 1e6, (done - selected) / 1e3 / deleted);
  }

  private static List<Long> oldestExpired(Connection connection, int count) throws SQLException {
    List<Long> ids = new ArrayList<>();
    try (PreparedStatement select = connection.prepareStatement(
        "select id from expiring_row where expires_at <= ? order by expires_at, id fetch first " + count
            + " rows only")) {
      select.setTimestamp(1, CUTOFF);
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          ids.add(rows.getLong(1));
        }
      }
    }
    return ids;
  }

  private static int deleteInList(Connection connection, List<Long> ids) throws SQLException {
    String parameters = String.join(",", Collections.nCopies(ids.size(), "?"));
    try (PreparedStatement delete = connection.prepareStatement(
        "delete from expiring_row where id in (" + parameters + ") and expires_at <= ?")) {
      for (int i = 0; i < ids.size(); i++) {
        delete.setLong(i + 1, ids.get(i));
      }
      delete.setTimestamp(ids.size() + 1, CUTOFF);
      return delete.executeUpdate();
    }
  }

  private static int deleteAny(Connection connection, List<Long> ids) throws SQLException {
    try (PreparedStatement delete = connection.prepareStatement(
        "delete from expiring_row where id = any(?) and expires_at <= ?")) {
      delete.setArray(1, connection.createArrayOf("BIGINT", ids.toArray()));
      delete.setTimestamp(2, CUTOFF);
      return delete.executeUpdate();
    }
  }
}
