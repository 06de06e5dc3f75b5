package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.partitions.DayEvent;
import dev.retention.it.partitions.MillisEvent;
import dev.retention.it.partitions.SecondsEvent;
import dev.retention.it.partitions.WallClockEvent;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.RandomCases;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOption.ExpiredPartitions;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.generated.Cutoff;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The partition path against a Java evaluation of the rule: random attribute types (an instant, a wall-clock time, epoch
 * milliseconds and seconds), windows, runtime zones (with daylight saving and half-hour offsets), sweep instants
 * around offset transitions, partition widths and bounds (on the cutoff, a step either side of it, anywhere), with or
 * without a catch-all partition, and rows on and beside every bound. After a sweep with {@code expired-partitions =
 * drop} no row the rule keeps may be gone, and the rows left must be exactly those the portable JPQL keeps (the rule,
 * but for wall-clock values near an offset transition, which it keeps a sweep longer): the batches took every row
 * the partitions left that the JPQL deletes. {@code -Dinvariant.partitions.cases=<n>} sets the cases per database;
 * {@code -Dinvariant.seed=<n>} replays a run.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(value = TestDatabase.Kind.class, names = {"POSTGRESQL", "MARIADB"})
class PartitionInvariantTest extends DatabaseSuite {

  /** Cases per database: each builds a partitioned table of its own, so fewer than the row-only suites. */
  static final int CASES = 200;

  private static final DateTimeFormatter WALL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");
  private static final List<ZoneId> ZONES = List.of(ZoneOffset.UTC, ZoneId.of("America/New_York"),
      ZoneId.of("Europe/Berlin"), ZoneId.of("Asia/Kolkata"), ZoneId.of("Australia/Lord_Howe"));
  /** Around the offset transitions of those zones in 2026, and a quiet day. */
  private static final List<Instant> AROUND = List.of(Instant.parse("2026-03-08T07:00:00Z"),
      Instant.parse("2026-03-29T01:00:00Z"), Instant.parse("2026-10-25T01:00:00Z"),
      Instant.parse("2026-11-01T06:00:00Z"), Instant.parse("2026-04-04T15:00:00Z"),
      Instant.parse("2026-06-10T12:00:00Z"));

  /** Windows shortened on purpose; the runtime warns of each. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention")
      .allow("Retention windows? of .* shortened (to|for) ");
  int partitionsDropped;
  int cases;
  /** The cases in which another connection committed a row without a value during the sweep's partition step. */
  int nullsWrittenDuringDrops;

  /**
   * Before the sweep's second look for a row without a value (the lowest partition was looked at already), writes
   * one: MariaDB files it under the lowest partition, which must then stay. Set per case, run once.
   */
  private final java.util.concurrent.atomic.AtomicReference<Runnable> beforeSecondNullCheck =
      new java.util.concurrent.atomic.AtomicReference<>();
  private final java.util.concurrent.atomic.AtomicInteger nullChecks = new java.util.concurrent.atomic.AtomicInteger();

  @Override
  protected Map<String, ?> properties() {
    org.hibernate.resource.jdbc.spi.StatementInspector inspector = sql -> {
      if (sql.toLowerCase(java.util.Locale.ROOT).contains(" is null limit 1") && nullChecks.incrementAndGet() == 2) {
        Runnable write = beforeSecondNullCheck.getAndSet(null);
        if (write != null) {
          write.run();
        }
      }
      return sql;
    };
    return Map.of("hibernate.session_factory.statement_inspector", inspector);
  }

  PartitionInvariantTest(TestDatabase.Kind kind) {
    super(kind, Instant.EPOCH, DayEvent.class, WallClockEvent.class, MillisEvent.class, SecondsEvent.class);
  }

  /** One attribute type: its entity, table, column types, compiled window, and how values step and compare. */
  private enum Shape {
    INSTANT(DayEvent.class, "day_event", "occurred_at", "timestamp(6) with time zone", "datetime(6)", 86_400),
    WALL_CLOCK(WallClockEvent.class, "wall_clock_event", "occurred_at", "timestamp(6)", "datetime(6)", 3_600),
    MILLIS(MillisEvent.class, "millis_event", "expires_at", "bigint", "bigint", 0),
    SECONDS(SecondsEvent.class, "seconds_event", "expires_at", "bigint", "bigint", 600);

    final Class<?> entity;
    final String table;
    final String column;
    final String postgresType;
    final String mariaDbType;
    final long compiledSeconds;

    Shape(Class<?> entity, String table, String column, String postgresType, String mariaDbType,
        long compiledSeconds) {
      this.entity = entity;
      this.table = table;
      this.column = column;
      this.postgresType = postgresType;
      this.mariaDbType = mariaDbType;
      this.compiledSeconds = compiledSeconds;
    }

    /** The cutoff as the column stores it: what the bounds and the rows are drawn around. */
    Object stored(Cutoff cutoff) {
      return switch (this) {
        case INSTANT -> cutoff.toInstant().truncatedTo(ChronoUnit.MICROS);
        case WALL_CLOCK -> LocalDateTime.ofInstant(cutoff.toInstant(), cutoff.zone()).truncatedTo(ChronoUnit.MICROS);
        case MILLIS -> cutoff.toEpochMillis();
        case SECONDS -> cutoff.toEpochSeconds();
      };
    }

    /** {@code value} moved by {@code steps} of {@code width}, and {@code nudge} of the smallest step. */
    Object plus(Object value, Duration width, long steps, long nudge) {
      return switch (this) {
        case INSTANT -> ((Instant) value).plus(width.multipliedBy(steps)).plus(nudge, ChronoUnit.MICROS);
        case WALL_CLOCK -> ((LocalDateTime) value).plus(width.multipliedBy(steps)).plus(nudge, ChronoUnit.MICROS);
        case MILLIS -> (Long) value + width.toMillis() * steps + nudge;
        case SECONDS -> (Long) value + width.toSeconds() * steps + nudge;
      };
    }

    /** The row's entity. */
    Object row(long id, Object value) {
      return switch (this) {
        case INSTANT -> new DayEvent(id, (Instant) value);
        case WALL_CLOCK -> new WallClockEvent(id, (LocalDateTime) value);
        case MILLIS -> new MillisEvent(id, (Long) value);
        case SECONDS -> new SecondsEvent(id, (Long) value);
      };
    }

    /** The rule, in Java: expired when the instant the value stands for is at or before the cutoff. */
    Predicate<Object> expired(Cutoff cutoff) {
      Instant at = cutoff.toInstant();
      return switch (this) {
        case INSTANT, WALL_CLOCK -> value -> !cutoff.instantOf(value).isAfter(at);
        case MILLIS -> value -> !Instant.ofEpochMilli((Long) value).isAfter(at);
        case SECONDS -> value -> !Instant.ofEpochSecond((Long) value).isAfter(at);
      };
    }

    /**
     * What the portable JPQL deletes, in Java: the rule, except that a wall-clock value is compared with the cutoff's
     * latest safe wall-clock time, which near an offset transition lies up to the shift below the cutoff's own (see
     * {@link Cutoff}), so that such rows stay a sweep longer.
     */
    Predicate<Object> deletedByJpql(Cutoff cutoff) {
      if (this == WALL_CLOCK) {
        LocalDateTime bound = cutoff.toLocalDateTime();
        return value -> !((LocalDateTime) value).isAfter(bound);
      }
      return expired(cutoff);
    }

    String literal(TestDatabase.Kind kind, Object bound) {
      if (bound instanceof Instant instant) {
        return "'" + WALL.format(LocalDateTime.ofInstant(instant, ZoneOffset.UTC))
            + (kind == TestDatabase.Kind.POSTGRESQL ? "+00'" : "'");
      }
      if (bound instanceof LocalDateTime wallClock) {
        return "'" + WALL.format(wallClock) + "'";
      }
      return kind == TestDatabase.Kind.POSTGRESQL ? "'" + bound + "'" : String.valueOf(bound);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compare(Object a, Object b) {
      return ((Comparable) a).compareTo(b);
    }
  }

  @Test
  void theRowsLeftAreExactlyThoseTheRuleKeeps() {
    RandomCases.run("partitions", database, CASES, this::oneCase);
    assertTrue(partitionsDropped > cases / 2, "the cases dropped partitions: " + partitionsDropped + " in " + cases
        + " cases");
    if (kind == TestDatabase.Kind.MARIADB) {
      assertTrue(nullsWrittenDuringDrops > 0, "no case wrote a row without a value during the drops");
    }
  }

  private void oneCase(Random random) {
    cases++;
    Shape shape = Shape.values()[random.nextInt(Shape.values().length)];
    ZoneId zone = ZONES.get(random.nextInt(ZONES.size()));
    Duration window = Duration.ofSeconds(shape.compiledSeconds + random.nextInt(3) * random.nextInt(20_000));
    Instant now = AROUND.get(random.nextInt(AROUND.size())).plusSeconds(random.nextInt(14_400) - 7_200)
        .plusMillis(random.nextInt(1_000)).plus(window);
    Cutoff cutoff = Cutoff.of(now.minus(window), zone);
    List<Duration> widths = List.of(Duration.ofMinutes(15), Duration.ofMinutes(30), Duration.ofHours(1),
        Duration.ofHours(6));
    Duration width = widths.get(random.nextInt(widths.size()));
    // A bound on the cutoff as stored, a step either side of it, or anywhere near it; the others a width apart.
    Object anchor = shape.plus(shape.stored(cutoff), width, 0, switch (random.nextInt(4)) {
      case 0 -> 0;
      case 1 -> 1;
      case 2 -> -1;
      default -> random.nextInt(1_000_000) - 500_000;
    });
    int below = 1 + random.nextInt(5);
    int above = 1 + random.nextInt(3);
    List<Object> bounds = new ArrayList<>();
    for (int step = -below; step <= above; step++) {
      bounds.add(shape.plus(anchor, width, step, 0));
    }
    boolean catchAll = random.nextBoolean();
    Map<Long, Object> rows = new TreeMap<>();
    long id = 1;
    Object stored = shape.stored(cutoff);
    TreeSet<Object> values = new TreeSet<>(Shape::compare);
    values.add(stored);
    values.add(shape.plus(stored, width, 0, 1));
    values.add(shape.plus(stored, width, 0, -1));
    for (Object bound : bounds) {
      values.add(bound);
      values.add(shape.plus(bound, width, 0, -1));
      values.add(shape.plus(bound, width, 0, 1));
    }
    for (int i = 0; i < 12; i++) {
      values.add(shape.plus(bounds.get(0), width, random.nextInt(below + above + 2) - 1,
          random.nextInt(1_000_000)));
    }
    Object last = bounds.get(bounds.size() - 1);
    for (Object value : values) {
      if (catchAll || Shape.compare(value, last) < 0) {
        rows.put(id++, value);
      }
    }
    boolean withNull = catchAll || kind == TestDatabase.Kind.MARIADB;
    // Now and then no row without a value at first, and one committed by another connection during the drops.
    boolean nullDuringDrops = withNull && random.nextInt(3) == 0;
    List<Long> writtenDuringDrops = new java.util.concurrent.CopyOnWriteArrayList<>();
    nullChecks.set(0);
    beforeSecondNullCheck.set(null);
    if (nullDuringDrops) {
      long nullId = id;
      beforeSecondNullCheck.set(() -> {
        try (Connection writer = database.connect(); Statement insert = writer.createStatement()) {
          insert.executeUpdate("insert into " + shape.table + " (id, " + shape.column + ") values (" + nullId
              + ", null)");
          writtenDuringDrops.add(nullId);
        } catch (SQLException e) {
          throw new IllegalStateException("writing a row without a value during the drops", e);
        }
      });
    } else if (withNull) {
      rows.put(id, null);
    }
    try {
      partition(shape, bounds, catchAll);
    } catch (SQLException e) {
      throw new IllegalStateException("partitioning " + shape.table + " by " + bounds, e);
    }
    List<Object> entities = new ArrayList<>();
    rows.forEach((key, value) -> entities.add(shape.row(key, value)));
    Jpa.persistAll(emf, entities);

    SweepReport report;
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(new TestClock(now)).zone(zone)
        .options(shape.entity.getName(), RetentionOptions.empty().withExpiredPartitions(ExpiredPartitions.DROP)
            .withRetention(window).withMinRetention(Duration.ZERO).withBatchSize(1 + random.nextInt(10)))
        .build()) {
      report = retention.sweep(shape.entity.getName());
    }

    beforeSecondNullCheck.set(null);
    writtenDuringDrops.forEach(written -> rows.put(written, null));
    if (!writtenDuringDrops.isEmpty()) {
      nullsWrittenDuringDrops++;
    }
    Predicate<Object> expired = shape.expired(cutoff);
    Predicate<Object> deleted = shape.deletedByJpql(cutoff);
    List<Long> kept = rows.entrySet().stream().filter(row -> row.getValue() == null || !deleted.test(row.getValue()))
        .map(Map.Entry::getKey).toList();
    List<Long> keptByTheRule = rows.entrySet().stream()
        .filter(row -> row.getValue() == null || !expired.test(row.getValue())).map(Map.Entry::getKey).toList();
    String described = shape + " in " + zone + ", now " + now + ", window " + window + ", cutoff " + cutoff.toInstant()
        + " (stored " + stored + "), bounds " + bounds + (catchAll ? " and a catch-all" : "") + "; " + report;
    assertTrue(report.succeeded(), () -> described + ": " + report.failure().orElseThrow());
    List<Long> left = Jpa.inTransaction(emf, em -> em.createQuery("select e.id from "
        + shape.entity.getSimpleName() + " e order by e.id", Long.class).getResultList());
    assertTrue(left.containsAll(keptByTheRule), () -> described + ": rows the rule keeps are gone: " + keptByTheRule
        + " kept by the rule, " + left + " left");
    assertEquals(kept, left, described);
    partitionsDropped += report.partitionsDropped();
  }

  private void partition(Shape shape, List<Object> bounds, boolean catchAll) throws SQLException {
    List<String> sql = new ArrayList<>();
    String table = shape.table;
    if (kind == TestDatabase.Kind.POSTGRESQL) {
      sql.add("drop table if exists " + table + " cascade");
      sql.add("create table " + table + " (id bigint not null, " + shape.column + " " + shape.postgresType
          + ") partition by range (" + shape.column + ")");
      String lower = "minvalue";
      for (int i = 0; i < bounds.size(); i++) {
        String upper = shape.literal(kind, bounds.get(i));
        sql.add("create table " + table + "_p" + i + " partition of " + table + " for values from (" + lower
            + ") to (" + upper + ")");
        lower = upper;
      }
      if (catchAll) {
        sql.add("create table " + table + "_default partition of " + table + " default");
      }
    } else {
      boolean integers = shape == Shape.MILLIS || shape == Shape.SECONDS;
      List<String> partitions = new ArrayList<>();
      for (int i = 0; i < bounds.size(); i++) {
        partitions.add("partition p" + i + " values less than (" + shape.literal(kind, bounds.get(i)) + ")");
      }
      if (catchAll) {
        partitions.add("partition pmax values less than (maxvalue)");
      }
      sql.add("drop table if exists " + table);
      sql.add("create table " + table + " (id bigint not null, " + shape.column + " " + shape.mariaDbType
          + ") partition by range " + (integers ? "(" : "columns (") + shape.column + ") ("
          + String.join(", ", partitions) + ")");
    }
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      for (String each : sql) {
        statement.execute(each);
      }
    }
  }
}
