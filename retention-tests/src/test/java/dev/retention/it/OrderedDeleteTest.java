package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.SessionToken;
import dev.retention.it.model.SessionTokens;
import dev.retention.it.ordered.AuditLine;
import dev.retention.it.shapes.UuidIdRow;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.RecordingListener;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.BatchReport;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.SweepReport;
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
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.hibernate.resource.jdbc.spi.StatementInspector;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * MariaDB's ordered delete ({@code delete … where ttl <= ? order by ttl, id limit ?}): taken where an index leads with
 * the {@code @Ttl} column, whatever the key, and declined with the reason in the start line where none does; oldest
 * rows first; each batch within its size while another connection commits back-dated rows before it; the statement
 * walks that index without sorting; and a row another transaction holds makes the rest of the sweep go by the shape
 * that skips it, the next sweep trying the ordered delete again. The other databases never take it.
 */
@Timeout(120)
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class OrderedDeleteTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-05-01T00:00:00Z");

  /** Every statement Hibernate sent, as it sent it. */
  private final List<String> statements = new CopyOnWriteArrayList<>();
  /** Runs once, before the first delete of {@code session_token}: the seam a concurrent writer uses. */
  private final AtomicReference<Runnable> beforeDelete = new AtomicReference<>();

  OrderedDeleteTest(TestDatabase.Kind kind) {
    super(kind, NOW, SessionToken.class, UuidIdRow.class, AuditLine.class);
  }

  @Override
  protected Map<String, ?> properties() {
    StatementInspector inspector = sql -> {
      statements.add(sql);
      String statement = sql.toLowerCase(Locale.ROOT);
      if (statement.contains("delete from session_token")) {
        Runnable write = beforeDelete.getAndSet(null);
        if (write != null) {
          write.run();
        }
      }
      return sql;
    };
    return Map.of("hibernate.session_factory.statement_inspector", inspector);
  }

  @Test
  void onMariaDbATableWhoseDateLeadsAnIndexTakesItWhateverItsKeyAndOneWithoutDeclinesSayingWhy() {
    try (RetentionRuntime retention = runtime(null, 500).build()) {
      StatementShape tokens = retention.settings(SessionToken.class.getName()).statementShape();
      StatementShape uuids = retention.settings(UuidIdRow.class.getName()).statementShape();
      StatementShape audit = retention.settings(AuditLine.class.getName()).statementShape();
      if (kind != TestDatabase.Kind.MARIADB) {
        assertNotEquals(StatementShape.ORDERED_DELETE, tokens);
        assertNotEquals(StatementShape.ORDERED_DELETE, uuids);
        return;
      }
      assertEquals(StatementShape.ORDERED_DELETE, tokens, "a Long key, its date indexed");
      assertEquals(StatementShape.ORDERED_DELETE, uuids, "a UUID key, which no key-listing shape was measured on");
      assertEquals(StatementShape.SKIP_LOCKED, audit, "no index leads with the date");
      String line = StartLine.of(retention);
      assertTrue(line.contains("not ordered delete with a limit: no index of audit_line starts with at (its @Ttl"
          + " column), without which each batch would scan the table and lock every row it reads"), line);
    }
  }

  @Test
  void theOldestRowsGoFirstAndTheStatementWalksTheIndexWithoutSorting() throws SQLException {
    Assumptions.assumeTrue(kind == TestDatabase.Kind.MARIADB, "the ordered delete is MariaDB's");
    List<SessionToken> rows = new ArrayList<>();
    for (long id = 1; id <= 60; id++) {
      // Dates in no order of the ids: the oldest are the ids 60, 59, ...; ids 51 to 60 are not expired.
      rows.add(new SessionToken(id, id > 50 ? NOW.plusSeconds(id) : NOW.minus(Duration.ofDays(1)).minusSeconds(id)));
    }
    Jpa.persistAll(emf, rows);

    try (RetentionRuntime retention = runtime(null, 7).defaults(RetentionOptions.empty().withBatchSize(7)
        .withBatchDelay(Duration.ZERO).withMaxBatchesPerSweep(2)).build()) {
      SweepReport report = retention.sweep(SessionToken.class.getName());
      assertTrue(report.succeeded() && report.workRemains(), report::toString);
      assertEquals(14, report.deleted(), report::toString);
    }

    assertEquals(range(1, 36), new TreeSet<>(ids("select e.id from SessionToken e where e.id <= 50")),
        "the 14 oldest expired rows, ids 50 down to 37, went first");
    String delete = statements.stream().filter(sql -> sql.toLowerCase(Locale.ROOT).contains("delete from session_token"))
        .findFirst().orElseThrow(() -> new AssertionError("no ordered delete ran: " + statements));
    try (Connection connection = database.connect(); Statement explain = connection.createStatement();
        ResultSet plan = explain.executeQuery("explain " + withValues(delete))) {
      assertTrue(plan.next(), "a plan");
      String key = plan.getString("key");
      String extra = String.valueOf(plan.getString("Extra"));
      // The table's one index besides its primary key is the one on expiresAt.
      assertTrue(key != null && !key.equalsIgnoreCase("PRIMARY"), () -> "the delete walks the date's index: " + key);
      assertFalse(extra.contains("filesort"), () -> "the delete sorts: " + extra);
    }
  }

  @Test
  void everyBatchKeepsWithinItsSizeWhileBackDatedRowsCommitBeforeItsDelete() {
    Assumptions.assumeTrue(kind == TestDatabase.Kind.MARIADB, "the ordered delete is MariaDB's");
    persistTokens(1, 3_000, NOW.minus(Duration.ofDays(1)));
    persistTokens(3_001, 3_100, NOW.plus(Duration.ofDays(1)));
    // 20,000 rows older than any there, committed by another connection just before the first delete.
    beforeDelete.set(() -> SessionTokens.commitAside(database, 30_001, 50_000, NOW.minus(Duration.ofDays(2))));

    RecordingListener listener = new RecordingListener();
    SweepReport report;
    try (RetentionRuntime retention = runtime(listener, 2_000).build()) {
      report = retention.sweep(SessionToken.class.getName());
    }

    assertTrue(report.succeeded(), report::toString);
    assertNull(beforeDelete.get(), "the rows were written before the first delete");
    assertEquals(range(3_001, 3_100), ids("select e.id from SessionToken e"));
    assertEquals(23_000, report.deleted(), report::toString);
    awaitSweep(listener);
    assertTrue(listener.batches.size() >= 12, "at least 23,000 / 2,000 batches: " + listener.batches.size());
    for (BatchReport batch : listener.batches) {
      assertTrue(batch.deleted() <= batch.batchSize(), batch::toString);
    }
  }

  @Test
  void aHeldRowSendsTheRestOfTheSweepToTheShapeThatSkipsItAndTheNextSweepTriesAgain() throws SQLException {
    Assumptions.assumeTrue(kind == TestDatabase.Kind.MARIADB, "the ordered delete is MariaDB's");
    persistTokens(1, 5_000, NOW.minus(Duration.ofDays(1)));
    persistTokens(5_001, 5_100, NOW.plus(Duration.ofDays(1)));
    try (RetentionRuntime retention = runtime(null, 2_000).build()) {
      try (Connection foreground = database.connect()) {
        foreground.setAutoCommit(false);
        try (PreparedStatement hold = foreground.prepareStatement(
            "update session_token set expiresAt = expiresAt where id = ?")) {
          hold.setLong(1, 3_000);
          assertEquals(1, hold.executeUpdate());
        }
        statements.clear();

        SweepReport held = retention.sweep(SessionToken.class.getName());

        assertTrue(held.succeeded(), () -> "the ordered delete's lock wait failed the sweep: " + held);
        assertEquals(4_999, held.deleted(), held::toString);
        assertTrue(held.workRemains(), "the held row is expired, and left: " + held);
        assertTrue(statements.stream().anyMatch(sql -> sql.toLowerCase(Locale.ROOT).contains("skip locked")),
            () -> "the rest of the sweep skipped the held row: " + statements);
        foreground.rollback();
      }
      statements.clear();

      SweepReport next = retention.sweep(SessionToken.class.getName());

      assertEquals(1, next.deleted(), next::toString);
      assertTrue(statements.stream().anyMatch(sql -> sql.toLowerCase(Locale.ROOT).startsWith("set statement")),
          () -> "the next sweep took the ordered delete again: " + statements);
    }
    assertEquals(range(5_001, 5_100), ids("select e.id from SessionToken e"));
  }

  @Test
  void aUuidKeyDrainsEveryExpiredRow() {
    Assumptions.assumeTrue(kind == TestDatabase.Kind.MARIADB, "the ordered delete is MariaDB's");
    List<UuidIdRow> rows = new ArrayList<>();
    Set<UUID> live = new java.util.HashSet<>();
    for (int i = 0; i < 3_000; i++) {
      boolean expired = i % 3 != 0;
      rows.add(new UuidIdRow(i, "row " + i, expired ? NOW.minusSeconds(i + 1) : NOW.plusSeconds(i + 1)));
      if (!expired) {
        live.add(new UUID(0, i));
      }
    }
    Jpa.persistAll(emf, rows);
    try (RetentionRuntime retention = runtime(null, 500).build()) {
      assertEquals(StatementShape.ORDERED_DELETE, retention.settings(UuidIdRow.class.getName()).statementShape());
      SweepReport report = retention.sweep(UuidIdRow.class.getName());
      assertTrue(report.succeeded() && !report.workRemains(), report::toString);
      assertEquals(2_000, report.deleted());
    }
    assertEquals(live, Jpa.inTransaction(emf, em -> Set.copyOf(
        em.createQuery("select e.id from UuidIdRow e", UUID.class).getResultList())));
  }

  /** Fixed batches of {@code batchSize}, no pause, the test's clock. */
  private RetentionRuntime.Builder runtime(RecordingListener listener, int batchSize) {
    RetentionRuntime.Builder builder = RetentionRuntime.builder(emf).clock(clock)
        .defaults(RetentionOptions.empty().withBatchSize(batchSize).withBatchDelay(Duration.ZERO));
    return listener == null ? builder : builder.listener(listener);
  }

  /** The delete's text with its parameters written in: the cutoff, then the limit. */
  private static String withValues(String delete) {
    String plain = delete.replaceFirst("(?i)^set statement .* for ", "");
    return plain.replaceFirst("\\?", "'" + Timestamp.from(NOW).toLocalDateTime() + "'").replaceFirst("\\?", "7");
  }

  private void persistTokens(long first, long last, Instant from) {
    SessionTokens.persist(emf, first, last, from);
  }

  private static void awaitSweep(RecordingListener listener) {
    try {
      listener.awaitSweeps(1);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  private static Set<Long> range(long first, long last) {
    return LongStream.rangeClosed(first, last).boxed().collect(Collectors.toCollection(TreeSet::new));
  }
}
