package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.conditions.BatchJob;
import dev.retention.it.hooks.UploadedFile;
import dev.retention.it.partitions.CallbackPair;
import dev.retention.it.partitions.DayEvent;
import dev.retention.it.partitions.MillisEvent;
import dev.retention.it.partitions.WallClockEvent;
import dev.retention.it.scopes.TenantNotification;
import dev.retention.it.shapes.Document;
import dev.retention.it.shapes.KeyedRow;
import dev.retention.it.shapes.PairRow;
import dev.retention.it.shapes.Shipment;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOption.ExpiredPartitions;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Tables partitioned by range on their {@code @Ttl} column, with {@code expired-partitions} on: every partition whose
 * whole range is expired goes whole, the rows of the others by batches, and exactly the rows the rule keeps stay.
 * PostgreSQL declarative partitions (with and without a default partition) and MariaDB {@code RANGE} (epoch numbers)
 * and {@code RANGE COLUMNS} (dates), for keys of one column and composite keys alike.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(value = TestDatabase.Kind.class, names = {"POSTGRESQL", "MARIADB"})
class ExpiredPartitionsTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-06-10T12:00:00Z");
  static final Instant JUNE_2 = Instant.parse("2026-06-02T00:00:00Z");

  /** Windows shortened and partitions held by locks, on purpose; the runtime warns of them. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention")
      .allow("Retention windows? of .* shortened (to|for) ")
      .allow("partition .* is wholly expired but a lock it needs was not had");

  ExpiredPartitionsTest(TestDatabase.Kind kind) {
    super(kind, NOW, DayEvent.class, WallClockEvent.class, MillisEvent.class, BatchJob.class,
        UploadedFile.class, TenantNotification.class, KeyedRow.class, PairRow.class, CallbackPair.class,
        Shipment.class, Shipment.Express.class, Document.class, Document.Invoice.class);
  }

  private boolean postgres() {
    return kind == TestDatabase.Kind.POSTGRESQL;
  }

  private RetentionRuntime.Builder runtime(Class<?> entity, ExpiredPartitions mode) {
    return RetentionRuntime.builder(emf).clock(new TestClock(NOW))
        .options(entity.getName(), RetentionOptions.empty().withExpiredPartitions(mode).withBatchSize(7));
  }

  /** Partitions by day of June, {@code day_event_p0} below June 2 to {@code day_event_p10} below June 12. */
  private List<Instant> dailyBounds() {
    return IntStream.range(0, 11).mapToObj(day -> JUNE_2.plus(Duration.ofDays(day))).toList();
  }

  /** Every six hours from May 31 to June 12, the cutoff (a day before NOW) and just after it, and a null. */
  private Map<Long, Instant> dailyRows(boolean beyondTheBounds) {
    Map<Long, Instant> rows = new TreeMap<>();
    long id = 1;
    Instant end = beyondTheBounds ? Instant.parse("2026-06-14T00:00:00Z") : Instant.parse("2026-06-12T00:00:00Z");
    for (Instant at = Instant.parse("2026-05-31T00:00:00Z"); at.isBefore(end); at = at.plus(Duration.ofHours(6))) {
      rows.put(id++, at);
    }
    Instant cutoff = NOW.minus(Duration.ofDays(1));
    rows.put(id++, cutoff);
    rows.put(id++, cutoff.plusMillis(1));
    rows.put(id, null);
    return rows;
  }

  private void persistDays(Map<Long, Instant> rows) {
    List<DayEvent> events = new ArrayList<>();
    rows.forEach((id, at) -> events.add(new DayEvent(id, at)));
    Jpa.persistAll(emf, events);
  }

  /** The ids the rule keeps: no value, or a value after {@code cutoff}. */
  private static <T> List<Long> kept(Map<Long, T> rows, java.util.function.Predicate<T> expired) {
    return rows.entrySet().stream().filter(row -> row.getValue() == null || !expired.test(row.getValue()))
        .map(Map.Entry::getKey).toList();
  }

  private List<Long> ids(Class<?> entity) {
    return Jpa.inTransaction(emf, em -> em.createQuery("select e.id from " + entity.getSimpleName()
        + " e order by e.id", Long.class).getResultList());
  }

  private static List<String> names(String table, int from, int to) {
    return IntStream.range(from, to).mapToObj(i -> table + "_p" + i).toList();
  }

  @Test
  void partitionsBeforeTheCutoffGoWholeAndTheRestByBatchesKeepingExactlyTheRowsTheRuleKeeps() throws SQLException {
    RangePartitions.partition(database, "day_event", "occurred_at", dailyBounds(), true);
    Map<Long, Instant> rows = dailyRows(true);
    persistDays(rows);
    RangePartitions.analyze(database, "day_event");
    Instant cutoff = NOW.minus(Duration.ofDays(1));

    SweepReport report;
    try (RetentionRuntime retention = runtime(DayEvent.class, ExpiredPartitions.DROP).build()) {
      report = retention.sweep(DayEvent.class.getName());
    }

    assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
    // Below June 9 (the day the cutoff falls in) every partition is expired whole; MariaDB files the null under the
    // lowest range, which therefore stays.
    List<String> dropped = names("day_event", postgres() ? 0 : 1, 8);
    assertEquals(dropped, report.partitions());
    assertEquals(kept(rows, at -> !at.isAfter(cutoff)), ids(DayEvent.class), "the rows kept");
    long rowsOfDropped = rows.values().stream()
        .filter(at -> at != null && at.isBefore(Instant.parse("2026-06-09T00:00:00Z")))
        .filter(at -> postgres() || !at.isBefore(JUNE_2)).count();
    if (postgres()) {
      assertEquals(rowsOfDropped, report.partitionRows(), "the rows of the dropped partitions, from the statistics");
    } else {
      assertTrue(report.partitionRows() > 0, "InnoDB estimates the rows: " + report.partitionRows());
    }
    long expired = rows.values().stream().filter(at -> at != null && !at.isAfter(cutoff)).count();
    assertEquals(expired - rowsOfDropped, report.deleted(), "the batches delete the expired rows the partitions kept");
    List<String> attached = RangePartitions.attached(database, "day_event");
    dropped.forEach(name -> assertFalse(attached.contains(name), name + " is gone: " + attached));
    assertFalse(RangePartitions.tableExists(database, "day_event_p3"), "dropped, not kept");
  }

  /**
   * A composite key: an {@code @EmbeddedId}, and an {@code @IdClass}, whose rows the batches remove one by one for its
   * key alone. Both databases want the partition key in every unique key, so the migration's primary key is the
   * entity's key plus the {@code @Ttl} column.
   */
  enum CompositeKey {
    EMBEDDED_ID(KeyedRow.class, "keyed_row", "region, number", "select e.id.number from KeyedRow e",
        (id, at) -> new KeyedRow(id, "row " + id, at)),
    ID_CLASS(PairRow.class, "pair_row", "owner, number", "select e.number from PairRow e",
        (id, at) -> new PairRow(id, "row " + id, at));

    final Class<?> entity;
    final String table;
    final String columns;
    final String numbers;
    final BiFunction<Long, Instant, Object> row;

    CompositeKey(Class<?> entity, String table, String columns, String numbers,
        BiFunction<Long, Instant, Object> row) {
      this.entity = entity;
      this.table = table;
      this.columns = columns;
      this.numbers = numbers;
      this.row = row;
    }
  }

  /** Partitions {@code table} by day on {@code column}, with the primary key {@code key} plus that column. */
  private void partitionWithKey(String table, String column, String key) throws SQLException {
    RangePartitions.partition(database, table, column, dailyBounds(), true);
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      statement.execute("alter table " + table + " add primary key (" + key + ", " + column + ")");
    }
  }

  /** Every six hours from May 31 to June 12, the cutoff ({@code NOW}, for a {@code @Ttl} of 0 s) and just after it. */
  private static Map<Long, Instant> rowsAroundNow() {
    Map<Long, Instant> rows = new TreeMap<>();
    long id = 1;
    for (Instant at = Instant.parse("2026-05-31T00:00:00Z"); at.isBefore(Instant.parse("2026-06-12T00:00:00Z"));
        at = at.plus(Duration.ofHours(6))) {
      rows.put(id++, at);
    }
    rows.put(id++, NOW);
    rows.put(id, NOW.plusMillis(1));
    return rows;
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(CompositeKey.class)
  void aCompositeKeysPartitionsBeforeTheCutoffGoWholeAndTheRestByBatchesKeepingExactlyTheRowsTheRuleKeeps(
      CompositeKey key) throws SQLException {
    partitionWithKey(key.table, "ttl", key.columns);
    Map<Long, Instant> rows = rowsAroundNow();
    List<Object> entities = new ArrayList<>();
    rows.forEach((id, at) -> entities.add(key.row.apply(id, at)));
    Jpa.persistAll(emf, entities);

    String startLine = StartLine.of(runtime(key.entity, ExpiredPartitions.DROP).build());
    SweepReport report;
    try (RetentionRuntime retention = runtime(key.entity, ExpiredPartitions.DROP).build()) {
      report = retention.sweep(key.entity.getName());
    }

    assertTrue(startLine.contains("expired partitions of " + key.table + " go whole ("), startLine);
    assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
    // Below June 10 (the day the cutoff falls in) every partition is expired whole; no row is without a value.
    List<String> dropped = names(key.table, 0, 9);
    assertEquals(dropped, report.partitions());
    assertEquals(kept(rows, at -> !at.isAfter(NOW)), List.copyOf(ids(key.numbers)), "the rows kept");
    long rowsOfDropped = rows.values().stream().filter(at -> at.isBefore(Instant.parse("2026-06-10T00:00:00Z")))
        .count();
    long expired = rows.values().stream().filter(at -> !at.isAfter(NOW)).count();
    assertEquals(expired - rowsOfDropped, report.deleted(), "the batches delete the expired rows the partitions kept");
    List<String> attached = RangePartitions.attached(database, key.table);
    dropped.forEach(name -> assertFalse(attached.contains(name), name + " is gone: " + attached));
    assertTrue(attached.containsAll(names(key.table, 9, 11)), "the partitions not wholly expired stay: " + attached);
  }

  @Test
  void anIdClassEntityWithARemovalCallbackLosesNoPartitionWholeAndEachOfItsExpiredRowsRunsIt() throws SQLException {
    partitionWithKey("callback_pair", "occurred_at", "owner, number");
    Map<Long, Instant> rows = rowsAroundNow();
    List<CallbackPair> pairs = new ArrayList<>();
    rows.forEach((id, at) -> pairs.add(new CallbackPair(id, at)));
    Jpa.persistAll(emf, pairs);
    CallbackPair.REMOVED.clear();

    String startLine = StartLine.of(runtime(CallbackPair.class, ExpiredPartitions.DROP).build());
    SweepReport report;
    try (RetentionRuntime retention = runtime(CallbackPair.class, ExpiredPartitions.DROP).build()) {
      report = retention.sweep(CallbackPair.class.getName());
    }

    assertTrue(startLine.contains("expired partitions not dropped: its rows are removed one by one for their callbacks"
        + " or cascades, which a dropped partition skips"), startLine);
    assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
    assertEquals(List.of(), report.partitions());
    List<Long> expired = rows.entrySet().stream().filter(row -> !row.getValue().isAfter(NOW))
        .map(Map.Entry::getKey).toList();
    assertEquals(expired, CallbackPair.REMOVED.stream().sorted().toList(), "the callback ran for each expired row");
    assertEquals(kept(rows, at -> !at.isAfter(NOW)), List.copyOf(ids("select e.number from CallbackPair e")));
    assertEquals(12, RangePartitions.attached(database, "callback_pair").size(), "every partition stays");
  }

  @Test
  void aRowWithoutAValueWrittenAfterThePartitionsWereLookedAtStays() throws SQLException {
    RangePartitions.partition(database, "day_event", "occurred_at", dailyBounds(), true);
    Map<Long, Instant> rows = dailyRows(true);
    rows.values().removeIf(java.util.Objects::isNull);
    persistDays(rows);
    // Once the lowest partition was found to hold no row without a value, another connection writes one: MariaDB files
    // it under the lowest partition, which must then stay.
    List<Long> written = new ArrayList<>();
    beforeStatement(sql -> sql.contains("day_event_p1") && sql.contains("is null"), () -> {
      insertWithoutAValue(NULL_ROW);
      written.add(NULL_ROW);
    });
    Instant cutoff = NOW.minus(Duration.ofDays(1));

    SweepReport report;
    try (RetentionRuntime retention = runtime(DayEvent.class, ExpiredPartitions.DROP).build()) {
      report = retention.sweep(DayEvent.class.getName());
    }

    assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
    if (!postgres()) {
      assertEquals(List.of(NULL_ROW), written, "the row was written between the look and the drops");
      assertEquals(names("day_event", 1, 8), report.partitions(), "the lowest partition stays, with the row");
    }
    List<Long> kept = new ArrayList<>(kept(rows, at -> !at.isAfter(cutoff)));
    kept.addAll(written);
    assertEquals(kept.stream().sorted().toList(), ids(DayEvent.class), "the rows kept");
  }

  @Test
  void rowsWithoutAValueWrittenThroughoutTheDropsStay() throws Exception {
    // 31 daily partitions below June 2, every one wholly expired, and no row without a value when the sweep looks.
    List<Instant> bounds = IntStream.range(0, 31).mapToObj(day -> JUNE_2.minus(Duration.ofDays(30 - day))).toList();
    RangePartitions.partition(database, "day_event", "occurred_at", bounds, true);
    List<DayEvent> events = new ArrayList<>();
    for (long id = 1; id <= 310; id++) {
      events.add(new DayEvent(id, JUNE_2.minus(Duration.ofDays(31)).plus(Duration.ofHours(id * 12 / 5))));
    }
    Jpa.persistAll(emf, events);
    // From the look at the last partition on (at once on PostgreSQL, which files them under its default partition), a
    // writer commits rows without a value one after another until the sweep ended; the first before any drop.
    java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch first = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.atomic.AtomicBoolean sweeping = new java.util.concurrent.atomic.AtomicBoolean(true);
    List<Long> committed = new java.util.concurrent.CopyOnWriteArrayList<>();
    java.util.concurrent.ExecutorService writer = java.util.concurrent.Executors.newSingleThreadExecutor();
    java.util.concurrent.Future<?> writes = writer.submit(() -> {
      if (!go.await(2, java.util.concurrent.TimeUnit.MINUTES)) {
        return null;
      }
      for (long id = 1_000; sweeping.get() && id < 21_000; id++) {
        insertWithoutAValue(id);
        committed.add(id);
        first.countDown();
      }
      return null;
    });
    Runnable startWriting = () -> {
      go.countDown();
      try {
        assertTrue(first.await(30, java.util.concurrent.TimeUnit.SECONDS), "the writer committed a row");
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    };
    if (postgres()) {
      startWriting.run();
    } else {
      beforeStatement(sql -> sql.contains("day_event_p30") && sql.contains("is null"), startWriting);
    }
    SweepReport report;
    try (RetentionRuntime retention = runtime(DayEvent.class, ExpiredPartitions.DROP).build()) {
      report = retention.sweep(DayEvent.class.getName());
    } finally {
      sweeping.set(false);
      go.countDown();
      writes.get(1, java.util.concurrent.TimeUnit.MINUTES);
      writer.shutdown();
    }

    assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
    assertFalse(committed.isEmpty(), "the writer committed rows during the sweep");
    assertTrue(report.partitionsDropped() >= 29, report::toString);
    List<Long> left = ids(DayEvent.class);
    List<Long> lost = committed.stream().filter(id -> !left.contains(id)).toList();
    assertEquals(List.of(), lost, () -> "rows without a value committed during the drops, lost; " + report);
    assertEquals(committed, left, "only the rows without a value are left");
  }

  private static final long NULL_ROW = 9_999;

  /** What runs before the first statement of the runtime's whose SQL (lower case) {@code when} accepts. */
  private final java.util.concurrent.atomic.AtomicReference<Map.Entry<java.util.function.Predicate<String>, Runnable>>
      beforeStatement = new java.util.concurrent.atomic.AtomicReference<>();

  private void beforeStatement(java.util.function.Predicate<String> when, Runnable then) {
    beforeStatement.set(Map.entry(when, then));
  }

  @Override
  protected Map<String, ?> properties() {
    org.hibernate.resource.jdbc.spi.StatementInspector inspector = sql -> {
      var next = beforeStatement.get();
      if (next != null && next.getKey().test(sql.toLowerCase(java.util.Locale.ROOT))
          && beforeStatement.compareAndSet(next, null)) {
        next.getValue().run();
      }
      return sql;
    };
    return Map.of("hibernate.session_factory.statement_inspector", inspector);
  }

  /** Commits a row without a value from a connection of its own, as the application would. */
  private void insertWithoutAValue(long id) {
    try (Connection writer = database.connect(); Statement insert = writer.createStatement()) {
      insert.executeUpdate("insert into day_event (id, occurred_at) values (" + id + ", null)");
    } catch (SQLException e) {
      throw new IllegalStateException("writing row " + id + " without a value failed", e);
    }
  }

  @Test
  void theStartLineSaysPartitionsGoWholeHowAndWhenTheOptionIsOffThatTheyCould() throws SQLException {
    RangePartitions.partition(database, "day_event", "occurred_at", dailyBounds(), true);

    String on = StartLine.of(runtime(DayEvent.class, ExpiredPartitions.DROP).build());
    String off = StartLine.of(runtime(DayEvent.class, ExpiredPartitions.ROWS).build());

    assertTrue(on.contains("; expired partitions of day_event go whole ("
        + (postgres() ? "DETACH PARTITION CONCURRENTLY (plainly beside a default partition), then DROP TABLE)"
            : "DROP PARTITION)")), on);
    assertTrue(off.contains("expired partitions of day_event could go whole (expired-partitions = drop; now rows)"), off);
  }

  @Test
  void withTheOptionOffEveryRowGoesByBatchesAndEveryPartitionStays() throws SQLException {
    RangePartitions.partition(database, "day_event", "occurred_at", dailyBounds(), true);
    Map<Long, Instant> rows = dailyRows(true);
    persistDays(rows);
    Instant cutoff = NOW.minus(Duration.ofDays(1));

    SweepReport report;
    try (RetentionRuntime retention = runtime(DayEvent.class, ExpiredPartitions.ROWS).build()) {
      report = retention.sweep(DayEvent.class.getName());
    }

    assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
    assertEquals(List.of(), report.partitions());
    assertEquals(kept(rows, at -> !at.isAfter(cutoff)), ids(DayEvent.class));
    assertEquals(12, RangePartitions.attached(database, "day_event").size());
  }

  @Test
  void aDryRunListsThePartitionsThatWouldGoAndDropsNone() throws SQLException {
    RangePartitions.partition(database, "day_event", "occurred_at", dailyBounds(), true);
    Map<Long, Instant> rows = dailyRows(true);
    persistDays(rows);
    RangePartitions.analyze(database, "day_event");

    SweepReport report;
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(new TestClock(NOW))
        .options(DayEvent.class.getName(), RetentionOptions.empty().withExpiredPartitions(ExpiredPartitions.DROP)
            .withDryRun(true)).build()) {
      report = retention.sweep(DayEvent.class.getName());
    }

    assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
    assertTrue(report.dryRun());
    assertEquals(names("day_event", postgres() ? 0 : 1, 8), report.partitions());
    assertTrue(report.partitionRows() > 0, "estimated rows: " + report.partitionRows());
    assertTrue(report.toString().contains("would drop " + report.partitionsDropped() + " partitions"),
        report.toString());
    assertEquals(List.copyOf(rows.keySet()), ids(DayEvent.class), "nothing deleted");
    assertEquals(12, RangePartitions.attached(database, "day_event").size(), "nothing dropped");
  }

  @Test
  void anEpochMillisecondKeyGoesByItsUnitAndAnUpperBoundOnTheCutoffIsExpiredWhole() throws SQLException {
    long now = NOW.toEpochMilli();
    long hour = Duration.ofHours(1).toMillis();
    // p0 below NOW - 5h, ... p5 below NOW exactly, p6 below NOW + 1h, p7 below NOW + 2h.
    List<Long> bounds = IntStream.rangeClosed(-5, 2).mapToObj(h -> now + h * hour).toList();
    RangePartitions.partition(database, "millis_event", "expires_at", bounds, false);
    Map<Long, Long> rows = new TreeMap<>();
    long id = 1;
    for (long at = now - 6 * hour; at < now + 2 * hour; at += hour / 4) {
      rows.put(id++, at);
    }
    rows.put(id++, now - 1); // the last value p5 can hold
    rows.put(id, now + 1);
    List<MillisEvent> events = new ArrayList<>();
    rows.forEach((key, at) -> events.add(new MillisEvent(key, at)));
    Jpa.persistAll(emf, events);

    SweepReport report;
    try (RetentionRuntime retention = runtime(MillisEvent.class, ExpiredPartitions.DROP).build()) {
      report = retention.sweep(MillisEvent.class.getName());
    }

    assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
    assertEquals(names("millis_event", 0, 6), report.partitions(), "every partition below the cutoff");
    assertEquals(kept(rows, at -> at <= now), ids(MillisEvent.class), "the row on the cutoff went by a batch");
    assertEquals(1, report.deleted(), "the row on the cutoff, in the partition above it");
  }

  @Test
  void aWallClockKeyIsJudgedInTheRuntimesZoneNotInUtc() throws SQLException {
    ZoneId newYork = ZoneId.of("America/New_York");
    Instant now = Instant.parse("2026-06-10T14:00:00Z"); // 10:00 in New York; the cutoff, an hour before, is 09:00
    LocalDateTime cutoff = LocalDateTime.parse("2026-06-10T09:00:00");
    // p0 below 05:00, p1 below 06:00, ... p8 below 13:00, wall-clock times in New York.
    List<LocalDateTime> bounds = IntStream.rangeClosed(5, 13)
        .mapToObj(h -> LocalDateTime.parse("2026-06-10T00:00:00").plusHours(h)).toList();
    RangePartitions.partition(database, "wall_clock_event", "occurred_at", bounds, false);
    Map<Long, LocalDateTime> rows = new TreeMap<>();
    long id = 1;
    for (LocalDateTime at = LocalDateTime.parse("2026-06-10T04:00:00"); at.isBefore(bounds.get(8));
        at = at.plusMinutes(20)) {
      rows.put(id++, at);
    }
    rows.put(id++, cutoff);
    rows.put(id, cutoff.plusNanos(1_000));
    List<WallClockEvent> events = new ArrayList<>();
    rows.forEach((key, at) -> events.add(new WallClockEvent(key, at)));
    Jpa.persistAll(emf, events);

    SweepReport report;
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(new TestClock(now)).zone(newYork)
        .options(WallClockEvent.class.getName(),
            RetentionOptions.empty().withExpiredPartitions(ExpiredPartitions.DROP)).build()) {
      report = retention.sweep(WallClockEvent.class.getName());
    }

    assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
    // Below 09:00 in New York; in UTC the cutoff would read 13:00 and take four partitions more.
    assertEquals(names("wall_clock_event", 0, 5), report.partitions());
    assertEquals(kept(rows, at -> !at.isAfter(cutoff)), ids(WallClockEvent.class));
  }

  @Test
  void detachKeepsEachExpiredPartitionAsATableOfItsOwn() throws SQLException {
    long now = NOW.toEpochMilli();
    long hour = Duration.ofHours(1).toMillis();
    List<Long> bounds = IntStream.rangeClosed(-2, 2).mapToObj(h -> now + h * hour).toList();
    RangePartitions.partition(database, "millis_event", "expires_at", bounds, false);
    Jpa.persistAll(emf, List.of(new MillisEvent(1, now - 3 * hour), new MillisEvent(2, now - hour - 1),
        new MillisEvent(3, now + hour)));

    SweepReport report;
    try (RetentionRuntime retention = runtime(MillisEvent.class, ExpiredPartitions.DETACH).build()) {
      report = retention.sweep(MillisEvent.class.getName());
    }

    assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
    assertEquals(names("millis_event", 0, 3), report.partitions(), "below the cutoff, NOW");
    assertEquals(List.of(3L), ids(MillisEvent.class));
    String kept = postgres() ? "millis_event_p0" : "millis_event_millis_event_p0";
    assertTrue(RangePartitions.tableExists(database, kept), kept + " is kept as a table");
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        var count = statement.executeQuery("select count(*) from " + kept)) {
      count.next();
      assertEquals(1, count.getLong(1), "its row, archived");
    }
  }

  @Test
  void aPartitionWhoseLockIsNotHadInTimeStaysForTheNextSweepWhichTakesItUp() throws Exception {
    long now = NOW.toEpochMilli();
    long hour = Duration.ofHours(1).toMillis();
    List<Long> bounds = IntStream.rangeClosed(-2, 2).mapToObj(h -> now + h * hour).toList();
    RangePartitions.partition(database, "millis_event", "expires_at", bounds, false);
    Jpa.persistAll(emf, List.of(new MillisEvent(1, now - 3 * hour), new MillisEvent(2, now + hour)));

    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(new TestClock(NOW))
        .options(MillisEvent.class.getName(), RetentionOptions.empty().withExpiredPartitions(ExpiredPartitions.DROP)
            .withBatchTimeout(Duration.ofSeconds(1))).build()) {
      SweepReport blocked;
      try (Connection holder = database.connect(); Statement statement = holder.createStatement()) {
        // A reader in a transaction on the whole table: PostgreSQL's concurrent detach waits for it to end, MariaDB's
        // DROP PARTITION for its metadata lock.
        holder.setAutoCommit(false);
        statement.executeQuery("select count(*) from millis_event").close();
        blocked = retention.sweep(MillisEvent.class.getName());
        holder.commit();
      }
      assertTrue(blocked.succeeded(), () -> "a lock not had is no failure: " + blocked.failure().orElseThrow());
      assertTrue(blocked.workRemains(), "the partition is left for the next sweep");
      assertFalse(blocked.partitions().contains("millis_event_p0"), blocked.toString());
      assertTrue(warnings.messages().stream().anyMatch(message -> message.contains("partition millis_event_p0 of"
          + " millis_event is wholly expired but a lock it needs was not had within batch-timeout (1000 ms)")),
          warnings.toString());

      SweepReport next = retention.sweep(MillisEvent.class.getName());

      assertTrue(next.succeeded(), () -> next.failure().orElseThrow().toString());
      assertTrue(next.partitions().contains("millis_event_p0"), "taken up (a pending detach finished): " + next);
      assertFalse(RangePartitions.tableExists(database, "millis_event_p0"));
      assertEquals(List.of(2L), ids(MillisEvent.class));
    }
  }

  @Test
  void eachPassThatCannotPromiseTheRowsSaysWhyOnTheStartLine() {
    String line = StartLine.of(RetentionRuntime.builder(emf).clock(new TestClock(NOW))
        .defaults(RetentionOptions.empty().withExpiredPartitions(ExpiredPartitions.DROP))
        .beforeDelete(UploadedFile.class.getName(), (em, rows) -> {})
        .build());

    assertTrue(line.contains(BatchJob.class.getName()) && line.contains(
        "expired partitions not dropped: it has a condition, which a whole partition does not meet row by row"), line);
    assertTrue(line.contains(
        "expired partitions not dropped: it has a before-delete hook, which must see every row it deletes"), line);
    assertTrue(line.contains(
        "expired partitions not dropped: it is swept scope by scope, each scope against its own window"), line);
    assertTrue(line.contains("expired partitions not dropped: table day_event is not partitioned"), line);
    assertTrue(line.contains("expired partitions not dropped: it is a subclass of " + Shipment.class.getName()
        + ", whose table holds the rows of other entities too"), line);
    assertTrue(line.contains("expired partitions not dropped: its hierarchy is mapped JOINED or TABLE_PER_CLASS, its"
        + " rows spread over several tables"), line);
  }

  @Test
  void aTablePartitionedOtherwiseThanByRangeOnTheTtlColumnAloneIsRefusedSayingHow() throws SQLException {
    String dayEvent = "day_event";
    assertRefused(List.of(postgres()
            ? "create table day_event (id bigint not null, occurred_at timestamp(6) with time zone) partition by range"
                + " (id)"
            : "create table day_event (id bigint not null, occurred_at datetime(6)) partition by range (id)"
                + " (partition p0 values less than (100), partition p1 values less than (maxvalue))"),
        dayEvent + " is partitioned by " + (postgres() ? "id, not by the @Ttl column occurred_at"
            : "`id`, not by the @Ttl column occurred_at alone"));
    assertRefused(List.of(postgres()
            ? "create table day_event (id bigint not null, occurred_at timestamp(6) with time zone) partition by range"
                + " (occurred_at, id)"
            : "create table day_event (id bigint not null, occurred_at datetime(6)) partition by range columns"
                + " (occurred_at, id) (partition p0 values less than ('2026-06-01', 0), partition p1 values less than"
                + " (maxvalue, maxvalue))"),
        postgres() ? "the partition key of day_event is an expression or more than one column"
            : "day_event is partitioned by `occurred_at`,`id`, not by the @Ttl column occurred_at alone");
    assertRefused(List.of(postgres()
            ? "create table day_event (id bigint not null, occurred_at timestamp(6) with time zone) partition by hash"
                + " (id)"
            : "create table day_event (id bigint not null, occurred_at datetime(6)) partition by hash (id)"
                + " partitions 2"),
        dayEvent + " is partitioned by HASH, not by RANGE");
    if (postgres()) {
      assertRefused(List.of("create table day_event (id bigint not null, occurred_at timestamp(6) with time zone)"
              + " partition by range ((occurred_at at time zone 'UTC'))"),
          "the partition key of day_event is an expression or more than one column");
      assertRefused(List.of("create table day_event (id bigint not null, occurred_at timestamp(6) with time zone,"
              + " primary key (id, occurred_at)) partition by range (occurred_at)",
              "create table day_event_p0 partition of day_event for values from (minvalue) to ('2026-06-01')",
              "create table day_event_reference (id bigint, at timestamp(6) with time zone,"
              + " foreign key (id, at) references day_event)"),
          "day_event is referenced by foreign keys, which a dropped partition would leave dangling");
    }
  }

  private void assertRefused(List<String> create, String why) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      statement.execute(postgres() ? "drop table if exists day_event_reference" : "select 1");
      statement.execute("drop table " + (postgres() ? "if exists day_event cascade" : "if exists day_event"));
      for (String sql : create) {
        statement.execute(sql);
      }
    }
    String line = StartLine.of(runtime(DayEvent.class, ExpiredPartitions.DROP).build());
    assertTrue(line.contains("expired partitions not dropped: " + why) || line.contains("not dropped: table " + why),
        line);
  }
}
