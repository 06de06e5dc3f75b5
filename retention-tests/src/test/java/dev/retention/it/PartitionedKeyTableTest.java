package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.shapes.KeyedRow;
import dev.retention.it.shapes.StringIdRow;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.Indexes;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.RecordingListener;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.BatchReport;
import dev.retention.runtime.RetentionOption.ExpiredPartitions;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.SweepReport;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * MariaDB's statements for composite and text keys on tables a migration partitioned: the native delete by keys
 * ({@code delete from t where (a, b) in ((?, ?), ...) and ttl <= ?}) on a table partitioned by {@code KEY} over an
 * {@code @EmbeddedId}'s columns whose date no index leads with, and the ordered delete ({@code delete … order by ttl, id
 * limit ?}, through each partition's part of the date's index) on tables partitioned by {@code RANGE COLUMNS} over the
 * {@code @Ttl} column, a composite and a text key (their wholly expired partitions by batches too, or dropped whole
 * first, whatever the key). Each sweep takes exactly the rows the predicate holds for, and no batch more than its
 * size.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(value = TestDatabase.Kind.class, names = "MARIADB")
class PartitionedKeyTableTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-06-10T12:00:00Z");
  static final Instant JUNE_2 = Instant.parse("2026-06-02T00:00:00Z");
  static final int BATCH = 7;

  PartitionedKeyTableTest(TestDatabase.Kind kind) {
    super(kind, NOW, KeyedRow.class, StringIdRow.class);
  }

  /**
   * Every three hours from May 31 to June 12 (every tenth row at the cutoff itself: ties across the key's columns),
   * just after the cutoff, and two rows without a value; keyed by number.
   */
  private static Map<Long, Instant> rows() {
    Map<Long, Instant> rows = new TreeMap<>();
    long id = 1;
    for (Instant at = Instant.parse("2026-05-31T00:00:00Z"); at.isBefore(Instant.parse("2026-06-12T00:00:00Z"));
        at = at.plus(Duration.ofHours(3))) {
      rows.put(id, id % 10 == 0 ? NOW : at);
      id++;
    }
    rows.put(id++, NOW.plusMillis(1));
    rows.put(id++, null);
    rows.put(id, null);
    return rows;
  }

  /** The numbers of the rows the predicate keeps: no value, or a value after the cutoff ({@code @Ttl} of 0 s). */
  private static Set<Long> kept(Map<Long, Instant> rows) {
    Set<Long> kept = new TreeSet<>();
    rows.forEach((id, at) -> {
      if (at == null || at.isAfter(NOW)) {
        kept.add(id);
      }
    });
    return kept;
  }

  /** Daily partitions from below June 2 to below June 12, and {@code MAXVALUE}. */
  private static List<Instant> dailyBounds() {
    return IntStream.range(0, 11).mapToObj(day -> JUNE_2.plus(Duration.ofDays(day))).toList();
  }

  private RetentionRuntime runtime(Class<?> entity, ExpiredPartitions mode, RecordingListener listener) {
    return RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .options(entity.getName(), RetentionOptions.empty().withBatchSize(BATCH).withMaxBatchesPerSweep(10_000)
            .withBatchDelay(Duration.ZERO).withExpiredPartitions(mode)).build();
  }

  /** Sweeps the entity's pass once by {@code shape}, and checks every batch kept within its size. */
  private SweepReport sweepInBatches(Class<?> entity, ExpiredPartitions mode, StatementShape shape)
      throws InterruptedException {
    RecordingListener listener = new RecordingListener();
    SweepReport report;
    try (RetentionRuntime retention = runtime(entity, mode, listener)) {
      assertEquals(shape, retention.settings(entity.getName()).statementShape(), () -> StartLine.of(retention));
      report = retention.sweep(entity.getName());
    }
    assertTrue(report.succeeded(), report::toString);
    listener.awaitSweeps(1);
    assertFalse(listener.batches.isEmpty(), "rows went by batches");
    for (BatchReport batch : listener.batches) {
      assertTrue(batch.deleted() <= BATCH, batch::toString);
    }
    return report;
  }

  private void persistKeyed(Map<Long, Instant> rows) {
    List<KeyedRow> keyed = new ArrayList<>();
    rows.forEach((id, at) -> keyed.add(new KeyedRow(id, "row " + id, at)));
    Jpa.persistAll(emf, keyed);
  }

  private Set<Long> keyedLeft() {
    return ids("select k.id.number from KeyedRow k");
  }

  @Test
  void aCompositeKeyOnATablePartitionedByItsKeyLosesExactlyItsExpiredRows() throws Exception {
    execute("alter table keyed_row partition by key (region, number) partitions 4");
    // Without an index leading with the date the ordered delete declines, and the delete by keys takes the pass.
    Indexes.dropLeadingWith(database, "keyed_row", "ttl");
    Map<Long, Instant> rows = rows();
    persistKeyed(rows);

    SweepReport report = sweepInBatches(KeyedRow.class, ExpiredPartitions.ROWS, StatementShape.NATIVE_KEY_DELETE);

    assertEquals(rows.size() - kept(rows).size(), report.deleted(), report::toString);
    assertEquals(kept(rows), keyedLeft(), "exactly the rows not expired");
  }

  /**
   * An {@code @EmbeddedId} on a table partitioned by date: by batches alone, or with the partitions wholly expired
   * going whole first, though no key column is the partition key.
   */
  @ParameterizedTest(name = "expired partitions: {0}")
  @EnumSource(value = ExpiredPartitions.class, names = {"ROWS", "DROP"})
  void aCompositeKeyOnATablePartitionedByDateLosesExactlyItsExpiredRows(ExpiredPartitions mode) throws Exception {
    RangePartitions.partition(database, "keyed_row", "ttl", dailyBounds(), true);
    Map<Long, Instant> rows = rows();
    persistKeyed(rows);
    RangePartitions.analyze(database, "keyed_row");

    SweepReport report = sweepInBatches(KeyedRow.class, mode, StatementShape.ORDERED_DELETE);

    assertEquals(kept(rows), keyedLeft(), "exactly the rows not expired");
    assertPartitionsAndBatches("keyed_row", mode, rows, report);
  }

  /**
   * A text key on a table partitioned by date: by batches alone, or with the partitions wholly expired going whole
   * first and the rest of the expired rows by batches.
   */
  @ParameterizedTest(name = "expired partitions: {0}")
  @EnumSource(value = ExpiredPartitions.class, names = {"ROWS", "DROP"})
  void aTextKeyOnATablePartitionedByDateLosesExactlyItsExpiredRows(ExpiredPartitions mode) throws Exception {
    RangePartitions.partition(database, "string_id_row", "ttl", dailyBounds(), true);
    Map<Long, Instant> rows = rows();
    List<StringIdRow> texts = new ArrayList<>();
    rows.forEach((id, at) -> texts.add(new StringIdRow(id, "row " + id, at)));
    Jpa.persistAll(emf, texts);
    RangePartitions.analyze(database, "string_id_row");

    SweepReport report = sweepInBatches(StringIdRow.class, mode, StatementShape.ORDERED_DELETE);

    Set<String> kept = new TreeSet<>();
    kept(rows).forEach(id -> kept.add("row-" + id));
    assertEquals(kept, ids("select s.id from StringIdRow s", String.class), "exactly the rows not expired");
    assertPartitionsAndBatches("string_id_row", mode, rows, report);
  }

  /**
   * With {@code mode} off, no partition went and the batches took every expired row; with it on, the partitions below
   * June 10 (the day the cutoff falls in) went whole, but the lowest, where MariaDB files the rows without a value, and
   * every one of them is gone from the table, while the batches took the expired rows of the others.
   */
  private void assertPartitionsAndBatches(String table, ExpiredPartitions mode, Map<Long, Instant> rows,
      SweepReport report) throws SQLException {
    long expired = rows.size() - kept(rows).size();
    List<String> attached = RangePartitions.attached(database, table);
    if (mode == ExpiredPartitions.ROWS) {
      assertEquals(List.of(), report.partitions());
      assertEquals(expired, report.deleted(), report::toString);
      assertEquals(dailyBounds().size() + 1, attached.size(), "every partition stays: " + attached);
      return;
    }
    List<String> dropped = IntStream.range(1, 9).mapToObj(i -> table + "_p" + i).toList();
    assertEquals(dropped, report.partitions(), report::toString);
    dropped.forEach(name -> assertFalse(attached.contains(name), name + " is gone: " + attached));
    assertTrue(attached.containsAll(List.of(table + "_p0", table + "_p9", table + "_p10", table + "_pmax")),
        "the partitions not wholly expired stay: " + attached);
    long inDropped = rows.values().stream().filter(at -> at != null && !at.isBefore(JUNE_2)
        && at.isBefore(Instant.parse("2026-06-10T00:00:00Z"))).count();
    assertEquals(expired - inDropped, report.deleted(), "the batches take the rest");
  }

  private void execute(String sql) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }
}
