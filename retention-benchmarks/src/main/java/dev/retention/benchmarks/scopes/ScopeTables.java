package dev.retention.benchmarks.scopes;

import dev.retention.benchmarks.database.SqlDialect;
import dev.retention.it.support.ScratchDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;

/**
 * {@code scoped_event} and {@code unscoped_event} (created by the provider) filled with the same rows of a {@link
 * TenantLayout} in server-side statements, and the counts that tell whether a drain deleted the right ones. Row
 * {@code i} (1 to rows) belongs to tenant {@code (i - 1) / 20 + 1} as its row {@code (i - 1) mod 20}.
 */
final class ScopeTables {

  static final String SCOPED = "scoped_event";
  static final String UNSCOPED = "unscoped_event";

  private final ScratchDatabase database;
  private final SqlDialect dialect;
  private final TenantLayout layout;
  private final Instant now;

  ScopeTables(ScratchDatabase database, TenantLayout layout, Instant now) {
    this.database = database;
    this.dialect = SqlDialect.of(database.kind());
    this.layout = layout;
    this.now = now;
  }

  /** Empties both tables and loads the layout into each; returns how long it took. */
  Duration reload() throws SQLException {
    long start = System.nanoTime();
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      connection.setAutoCommit(true);
      for (String table : new String[] {SCOPED, UNSCOPED}) {
        statement.execute("truncate table " + table);
        statement.execute(insert(table, "1 = 1"));
        settle(statement, table);
      }
    }
    for (String table : new String[] {SCOPED, UNSCOPED}) {
      Counts counts = counts(table);
      if (counts.rows() != layout.rows() || counts.old() != layout.expiredRows()
          || counts.kept() != layout.keptOldRows()) {
        throw new IllegalStateException("Loaded " + counts + " into " + table + " on " + database + ", expected "
            + layout.rows() + " rows, " + layout.expiredRows() + " 70 days old, " + layout.keptOldRows()
            + " 40 days old");
      }
    }
    return Duration.ofNanos(System.nanoTime() - start);
  }

  /** Puts the rows every window expires back into the scoped table, for the per-tenant DELETE after a drain. */
  void restoreExpired() throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      connection.setAutoCommit(true);
      statement.execute(insert(SCOPED, TenantLayout.expiredRowFilter()));
      settle(statement, SCOPED);
    }
  }

  /** Fails unless {@code table} holds what a correct drain leaves: every row but the 70-day-old ones. */
  void checkDrained(String table, String who) throws SQLException {
    Counts counts = counts(table);
    if (counts.rows() != layout.rows() - layout.expiredRows() || counts.old() != 0
        || counts.kept() != layout.keptOldRows()) {
      throw new IllegalStateException(who + " left " + counts + " in " + table + " on " + database + ", expected "
          + (layout.rows() - layout.expiredRows()) + " rows, none 70 days old, " + layout.keptOldRows()
          + " 40 days old (kept by their tenants' windows)");
    }
  }

  /** Rows, rows 70 days old, rows 40 days old. */
  record Counts(long rows, long old, long kept) {}

  private Counts counts(String table) throws SQLException {
    String oldBound = dialect.cutoffPlusSeconds(now, "-" + (TenantLayout.OLD_ROW_SECONDS - 86_400));
    String keptFrom = dialect.cutoffPlusSeconds(now, "-" + (TenantLayout.KEPT_ROW_SECONDS + 86_400));
    String keptTo = dialect.cutoffPlusSeconds(now, "-" + (TenantLayout.KEPT_ROW_SECONDS - 86_400));
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      return new Counts(count(statement, "select count(*) from " + table),
          count(statement, "select count(*) from " + table + " where created_at <= " + oldBound),
          count(statement, "select count(*) from " + table + " where created_at between " + keptFrom + " and "
              + keptTo));
    }
  }

  private String insert(String table, String filter) {
    String tenant = switch (database.kind()) {
      case POSTGRESQL -> "'tenant-' || lpad(t::text, 6, '0')";
      case MARIADB -> "concat('tenant-', lpad(t, 6, '0'))";
      default -> "concat('tenant-', lpad(cast(t as varchar), 6, '0'))";
    };
    String division = database.kind() == dev.retention.it.support.TestDatabase.Kind.MARIADB ? "div" : "/";
    return "insert into " + table + " (id, tenant_id, created_at, payload) select i, " + tenant + ", "
        + dialect.cutoffPlusSeconds(now, "-(" + TenantLayout.ageSeconds() + ")") + ", 'an event of this tenant'"
        + " from (select i, (i - 1) " + division + " " + TenantLayout.ROWS_PER_TENANT + " + 1 as t, mod(i - 1, "
        + TenantLayout.ROWS_PER_TENANT + ") as j from (select " + dialect.seriesColumn() + " as i from "
        + dialect.series(layout.rows()) + ") a) s where " + filter;
  }

  private void settle(Statement statement, String table) throws SQLException {
    switch (database.kind()) {
      case POSTGRESQL -> statement.execute("vacuum analyze " + table);
      case MARIADB -> statement.execute("analyze table " + table);
      default -> statement.execute("analyze table " + table);
    }
  }

  private static long count(Statement statement, String query) throws SQLException {
    try (ResultSet result = statement.executeQuery(query)) {
      result.next();
      return result.getLong(1);
    }
  }
}
