package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.restricted.HeldDocument;
import dev.retention.it.restricted.LedgerLine;
import dev.retention.it.restricted.MappedEvent;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOption.ExpiredPartitions;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.SweepReport;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A native statement stands in for Hibernate's only where Hibernate restricts the pass's rows by nothing beyond the
 * date and the scope the native statement states, as Hibernate writes the pass's selection for the runtime's own
 * session: an auto-enabled filter (a legal hold), a forced discriminator (a table shared with rows of a kind the
 * application does not map) or a restriction on a mapped superclass sends the pass to Hibernate's statements, whose
 * rows Hibernate restricts, and the start line names what Hibernate restricts by.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class NativeByConstructionTest extends DatabaseSuite {

  private static final Instant NOW = Instant.parse("2026-04-01T00:00:00Z");
  private static final String DOCUMENTS = HeldDocument.class.getName();
  private static final String EVENTS = MappedEvent.class.getName();
  private static final String LEDGER = LedgerLine.class.getName();
  private static final Set<StatementShape> ROW_CHOOSING_NATIVE = Set.of(StatementShape.POSTGRESQL_CTID,
      StatementShape.ORDERED_DELETE);

  NativeByConstructionTest(TestDatabase.Kind kind) {
    super(kind, NOW, HeldDocument.class, MappedEvent.class, LedgerLine.class);
  }

  /** 20 expired documents, every other one on hold: the 10 on hold stay, as Hibernate's own delete keeps them. */
  @Test
  void anAutoEnabledFilterKeepsTheRowsItHides() throws SQLException {
    Jpa.inTransaction(emf, em -> {
      for (long id = 1; id <= 20; id++) {
        em.persist(new HeldDocument(id, id % 2 == 0, NOW.minus(Duration.ofDays(id))));
      }
      return null;
    });

    try (RetentionRuntime retention = runtime().build()) {
      assertTrue(!ROW_CHOOSING_NATIVE.contains(retention.settings(DOCUMENTS).statementShape()),
          retention.settings(DOCUMENTS)::toString);
      if (kind != TestDatabase.Kind.H2) {
        String line = StartLine.of(runtime().build());
        assertTrue(line.contains("Hibernate restricts its rows by `hold = false`"), line);
      }
      SweepReport report = retention.sweep(DOCUMENTS);
      assertTrue(report.succeeded(), report::toString);
      assertEquals(10, report.deleted(), report::toString);
    }
    assertEquals(evenIds(20), rowIds("select id from held_document"), "the documents on hold");
  }

  /**
   * The held documents' table partitioned by ten days, every partition but the catch-all wholly expired, with
   * {@code expired-partitions=drop}: a partition holding documents on hold does not go whole; the batches delete the
   * expired documents not on hold, and the start line says why no partition was dropped.
   */
  @Test
  void anAutoEnabledFilterKeepsPartitionsHoldingHiddenRowsFromGoingWhole() throws SQLException {
    Assumptions.assumeTrue(kind != TestDatabase.Kind.H2, "H2's partitions are not read");
    RangePartitions.partition(database, "held_document", "expires_at", List.of(NOW.minus(Duration.ofDays(30)),
        NOW.minus(Duration.ofDays(20)), NOW.minus(Duration.ofDays(10))), true);
    Jpa.inTransaction(emf, em -> {
      for (long id = 1; id <= 20; id++) {
        em.persist(new HeldDocument(id, id % 2 == 0, NOW.minus(Duration.ofDays(id + 9))));
      }
      return null;
    });

    String line = StartLine.of(partitionsDropped().build());
    assertTrue(line.contains("expired partitions not dropped: Hibernate restricts its rows by `hold = false`"), line);
    try (RetentionRuntime retention = partitionsDropped().build()) {
      SweepReport report = retention.sweep(DOCUMENTS);
      assertTrue(report.succeeded(), report::toString);
      assertEquals(10, report.deleted(), report::toString);
    }
    assertEquals(evenIds(20), rowIds("select id from held_document"), "the documents on hold");
  }

  /** Four expired events of each kind: the other application's stay. */
  @Test
  void aForcedDiscriminatorKeepsTheRowsOfKindsTheApplicationDoesNotMap() throws SQLException {
    Jpa.inTransaction(emf, em -> {
      for (long id = 1; id <= 4; id++) {
        em.persist(new MappedEvent(id, NOW.minus(Duration.ofDays(id))));
      }
      return null;
    });
    execute("insert into shared_event (id, kind, occurred_at) select id + 100, 'other', occurred_at"
        + " from shared_event");

    try (RetentionRuntime retention = runtime().build()) {
      assertTrue(!ROW_CHOOSING_NATIVE.contains(retention.settings(EVENTS).statementShape()),
          retention.settings(EVENTS)::toString);
      if (kind != TestDatabase.Kind.H2) {
        String line = StartLine.of(runtime().build());
        assertTrue(line.contains("Hibernate restricts its rows by `kind"), line);
      }
      SweepReport report = retention.sweep(EVENTS);
      assertTrue(report.succeeded(), report::toString);
      assertEquals(4, report.deleted(), report::toString);
    }
    assertEquals(Set.of(101L, 102L, 103L, 104L), rowIds("select id from shared_event"), "the other kind's events");
  }

  /** A restriction on the mapped superclass: the start line names it, and the archived lines stay. */
  @Test
  void aRestrictionOnAMappedSuperclassIsNamedOnTheStartLine() throws SQLException {
    Jpa.inTransaction(emf, em -> {
      for (long id = 1; id <= 6; id++) {
        em.persist(new LedgerLine(id, id > 3, NOW.minus(Duration.ofDays(id))));
      }
      return null;
    });

    try (RetentionRuntime retention = runtime().build()) {
      if (kind != TestDatabase.Kind.H2) {
        String line = StartLine.of(runtime().build());
        assertTrue(line.contains("Hibernate restricts its rows by `archived = false`"), line);
      }
      SweepReport report = retention.sweep(LEDGER);
      assertTrue(report.succeeded(), report::toString);
      assertEquals(3, report.deleted(), report::toString);
    }
    assertEquals(Set.of(4L, 5L, 6L), rowIds("select id from ledger_line"), "the archived lines");
  }

  private RetentionRuntime.Builder runtime() {
    return RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC)
        .defaults(RetentionOptions.empty().withBatchSize(500));
  }

  private RetentionRuntime.Builder partitionsDropped() {
    return RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC).options(DOCUMENTS,
        RetentionOptions.empty().withExpiredPartitions(ExpiredPartitions.DROP).withBatchSize(7));
  }

  private static Set<Long> evenIds(int upTo) {
    Set<Long> ids = new TreeSet<>();
    for (long id = 2; id <= upTo; id += 2) {
      ids.add(id);
    }
    return ids;
  }

  /** Every id the table holds, read past Hibernate's filters and restrictions. */
  private Set<Long> rowIds(String sql) throws SQLException {
    Set<Long> ids = new TreeSet<>();
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      while (rows.next()) {
        ids.add(rows.getLong(1));
      }
    }
    return ids;
  }

  private void execute(String sql) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }
}
