package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.shapes.CalendarRow;
import dev.retention.it.shapes.CalendarRowRetentionPass;
import dev.retention.it.shapes.LocalDateRow;
import dev.retention.it.shapes.LocalDateRowRetentionPass;
import dev.retention.it.shapes.LocalDateTimeRow;
import dev.retention.it.shapes.LocalDateTimeRowRetentionPass;
import dev.retention.it.shapes.SqlDateRow;
import dev.retention.it.shapes.SqlDateRowRetentionPass;
import dev.retention.it.shapes.TimestampRow;
import dev.retention.it.shapes.TimestampRowRetentionPass;
import dev.retention.it.shapes.UtilDateAsDayRow;
import dev.retention.it.shapes.UtilDateAsDayRowRetentionPass;
import dev.retention.it.shapes.UtilDateRow;
import dev.retention.it.shapes.UtilDateRowRetentionPass;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.generated.GeneratedPass;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.Date;
import java.util.GregorianCalendar;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The invariant for zone-less attributes around daylight-saving transitions, on random cases: a zone, a clock within
 * three hours of one of its transitions, a window, and rows of every zone-less type whose wall-clock values cluster
 * around the cutoff, repeated and skipped hours included. A stored wall-clock value may stand for two instants; no
 * row may go unless the latest of them, plus the window, is at or before the clock. Rows certainly expired two hours
 * before the cutoff must go, so that keeping everything does not pass.
 *
 * <p>The JVM runs in the case's zone, and the factory has no {@code hibernate.jdbc.time_zone}, so the driver stores
 * {@code java.util.Date} and {@code Timestamp} as wall-clock times in that zone, as it does for an application that
 * never set it. The JVM's zone is restored afterwards.
 *
 * <p>A case is one type under one zone, clock and window; a round sweeps the seven types' cases at one clock.
 * {@code -Ddst.seed=<n>} replays a run; {@code -Ddst.cases=<n>} changes how many cases it has (at least 1,000).
 */
@ParameterizedClass
@EnumSource(TestDatabase.Kind.class)
class DaylightSavingTest {

  /** The cases shorten compiled windows on purpose (min-retention 0), which the runtime warns of. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention")
      .expectInEachTest("Retention window of .* shortened to ");

  private static final List<ZoneId> ZONES = List.of(ZoneId.of("Europe/Berlin"), ZoneId.of("America/New_York"),
      ZoneId.of("Australia/Lord_Howe"), ZoneId.of("Asia/Tokyo"), ZoneId.of("America/Santiago"));
  private static final List<Duration> WINDOWS = List.of(Duration.ZERO, Duration.ofMinutes(30), Duration.ofHours(1),
      Duration.ofMinutes(90));
  private static final Duration SURELY_EXPIRED = Duration.ofHours(2);
  private static final int ROWS_PER_CASE = 12;
  private static final int ROUNDS_PER_RUNTIME = 8;

  @Parameter
  TestDatabase.Kind kind;

  /** A zone-less attribute type: its entity, its pass, and how its rows are made. */
  private record Type(Class<?> entity, GeneratedPass pass, boolean dateOnly, RowMaker rows) {
    String jpqlName() {
      return entity.getSimpleName();
    }
  }

  /** Makes a row with the given id from a wall-clock value near the cutoff, read with the earlier or later offset. */
  @FunctionalInterface
  private interface RowMaker {
    Object row(long id, LocalDateTime wallClock, boolean laterOffset, ZoneId zone);
  }

  private static final List<Type> TYPES = List.of(
      new Type(LocalDateTimeRow.class, new LocalDateTimeRowRetentionPass(), false,
          (id, wall, later, zone) -> new LocalDateTimeRow(id, "", wall)),
      new Type(CalendarRow.class, new CalendarRowRetentionPass(), false,
          (id, wall, later, zone) -> new CalendarRow(id, "", GregorianCalendar.from(zoned(wall, later, zone)))),
      new Type(UtilDateRow.class, new UtilDateRowRetentionPass(), false,
          (id, wall, later, zone) -> new UtilDateRow(id, "", Date.from(zoned(wall, later, zone).toInstant()))),
      new Type(TimestampRow.class, new TimestampRowRetentionPass(), false,
          (id, wall, later, zone) -> new TimestampRow(id, "", Timestamp.from(zoned(wall, later, zone).toInstant()))),
      new Type(LocalDateRow.class, new LocalDateRowRetentionPass(), true,
          (id, wall, later, zone) -> new LocalDateRow(id, "", wall.toLocalDate())),
      new Type(SqlDateRow.class, new SqlDateRowRetentionPass(), true,
          (id, wall, later, zone) -> new SqlDateRow(id, "", java.sql.Date.valueOf(wall.toLocalDate()))),
      new Type(UtilDateAsDayRow.class, new UtilDateAsDayRowRetentionPass(), true,
          (id, wall, later, zone) -> new UtilDateAsDayRow(id, "", java.sql.Date.valueOf(wall.toLocalDate()))));

  @Test
  void noRowGoesBeforeTheLatestInstantItCouldStandForPlusItsWindow() throws Exception {
    long seed = Long.getLong("dst.seed", dev.retention.it.support.RandomCases.seed("dst"));
    int cases = Math.max(1_000, Integer.getInteger("dst.cases", 1_000));
    Random random = new Random(seed);
    int roundsPerZone = (cases + TYPES.size() * ZONES.size() - 1) / (TYPES.size() * ZONES.size());
    TimeZone jvmZone = TimeZone.getDefault();
    TestDatabase database = TestDatabase.create(kind);
    try {
      for (ZoneId zone : ZONES) {
        useJvmZone(TimeZone.getTimeZone(zone));
        EntityManagerFactory emf = Jpa.factoryInJvmZone(database, TYPES.stream().<Class<?>>map(Type::entity).toList(),
            Map.of("hibernate.jdbc.batch_size", "100"));
        try {
          new Run(emf, zone, random, "-Ddst.seed=" + seed + " on " + database).rounds(roundsPerZone);
        } finally {
          emf.close();
        }
      }
    } finally {
      useJvmZone(jvmZone);
      database.close();
    }
  }

  /** Sets the JVM's zone; H2 keeps the zone it first saw until told to read it again. */
  private void useJvmZone(TimeZone zone) {
    TimeZone.setDefault(zone);
    if (kind == TestDatabase.Kind.H2) {
      org.h2.util.DateTimeUtils.resetCalendar();
    }
  }

  /** The rounds of one zone, on one factory. */
  private static final class Run {
    private final EntityManagerFactory emf;
    private final ZoneId zone;
    private final Random random;
    private final String replay;
    private final TestClock clock = new TestClock(Instant.EPOCH);
    private long nextId = 1;

    Run(EntityManagerFactory emf, ZoneId zone, Random random, String replay) {
      this.emf = emf;
      this.zone = zone;
      this.random = random;
      this.replay = replay;
    }

    void rounds(int count) {
      int done = 0;
      while (done < count) {
        Map<Type, Duration> windows = new LinkedHashMap<>();
        TYPES.forEach(type -> windows.put(type, WINDOWS.get(random.nextInt(WINDOWS.size()))));
        try (RetentionRuntime retention = runtime(windows)) {
          for (int round = 0; round < ROUNDS_PER_RUNTIME && done < count; round++, done++) {
            round(retention, windows);
          }
        }
      }
    }

    private RetentionRuntime runtime(Map<Type, Duration> windows) {
      RetentionRuntime.Builder builder = RetentionRuntime.builder(emf).clock(clock).zone(zone)
          .registries(List.of(() -> TYPES.stream().map(Type::pass).toList()));
      windows.forEach((type, window) -> builder.options(type.pass().name(), RetentionOptions.empty()
          .withRetention(window).withMinRetention(Duration.ZERO).withBatchSize(500)));
      return builder.build();
    }

    private void round(RetentionRuntime retention, Map<Type, Duration> windows) {
      Instant now = nearATransition();
      clock.set(now);
      Map<Type, Map<Long, Instant>> latest = new LinkedHashMap<>();
      List<Object> rows = new ArrayList<>();
      for (Type type : TYPES) {
        Map<Long, Instant> byId = new HashMap<>();
        LocalDateTime cutoffWallClock = LocalDateTime.ofInstant(now.minus(windows.get(type)), zone);
        for (int index = 0; index < ROWS_PER_CASE; index++) {
          long id = nextId++;
          LocalDateTime wall = cutoffWallClock.plusMinutes(random.nextInt(360) - 180)
              .withSecond(random.nextBoolean() ? 0 : random.nextInt(60)).withNano(0);
          if (type.dateOnly()) {
            wall = wall.plusDays(random.nextInt(3) - 1);
          }
          boolean laterOffset = random.nextBoolean();
          rows.add(type.rows().row(id, wall, laterOffset, zone));
          byId.put(id, latestInstant(storedWallClock(type, wall, laterOffset, zone), zone));
        }
        latest.put(type, byId);
      }
      Jpa.run(emf, em -> {
        TYPES.forEach(type -> em.createQuery("delete from " + type.jpqlName()).executeUpdate());
        rows.forEach(em::persist);
      });

      List<SweepReport> reports = retention.sweepAll();

      for (SweepReport report : reports) {
        assertTrue(report.succeeded(), () -> replay + ": " + report.failure().orElseThrow());
      }
      Set<Long> left = new HashSet<>();
      Jpa.run(emf, em -> TYPES.forEach(type -> left.addAll(em.createQuery(
          "select e.id from " + type.jpqlName() + " e", Long.class).getResultList())));
      for (Type type : TYPES) {
        check(type, now, windows.get(type), latest.get(type), left);
      }
    }

    private void check(Type type, Instant now, Duration window, Map<Long, Instant> latest, Set<Long> left) {
      Instant cutoff = now.minus(window);
      latest.forEach((id, latestInstant) -> {
        String context = replay + ", zone " + zone + ", clock " + now + ", window " + window + ", "
            + type.jpqlName() + " row " + id + " whose latest instant is " + latestInstant;
        if (latestInstant.isAfter(cutoff)) {
          assertTrue(left.contains(id), context + ": deleted before it expired");
        } else if (!latestInstant.isAfter(cutoff.minus(SURELY_EXPIRED))) {
          assertTrue(!left.contains(id), context + ": kept though expired " + SURELY_EXPIRED + " before the cutoff");
        }
      });
    }

    /** An instant within three hours of one of the zone's transitions between 2024 and 2030; any, where none is. */
    private Instant nearATransition() {
      Instant base = Instant.parse("2024-01-01T00:00:00Z").plusSeconds(random.nextInt(6 * 365 * 86_400));
      ZoneOffsetTransition transition = zone.getRules().nextTransition(base);
      Instant anchor = transition == null ? base : transition.getInstant();
      return anchor.plusSeconds(random.nextInt(6 * 3_600) - 3 * 3_600L);
    }
  }

  /**
   * The wall-clock value the database holds for a row: the day's start for a date; for a calendar or an instant, its
   * wall-clock time in the zone (java.time moved a value in a skipped hour past the gap); else the value itself.
   */
  private static LocalDateTime storedWallClock(Type type, LocalDateTime wall, boolean laterOffset, ZoneId zone) {
    if (type.dateOnly()) {
      return wall.toLocalDate().atStartOfDay();
    }
    if (type.entity() == LocalDateTimeRow.class) {
      return wall;
    }
    return zoned(wall, laterOffset, zone).toLocalDateTime();
  }

  /**
   * The latest instant a wall-clock value could stand for, worked out here from the zone's rules rather than with the
   * runtime's code: in a repeated hour, the later of its two readings; in a skipped hour, the reading with the offset
   * from before the gap.
   */
  static Instant latestInstant(LocalDateTime wall, ZoneId zone) {
    ZoneRules rules = zone.getRules();
    ZoneOffsetTransition transition = rules.getTransition(wall);
    if (transition != null && transition.isGap()) {
      return wall.toInstant(transition.getOffsetBefore());
    }
    return rules.getValidOffsets(wall).stream().map(wall::toInstant).max(Instant::compareTo).orElseThrow();
  }

  private static ZonedDateTime zoned(LocalDateTime wall, boolean laterOffset, ZoneId zone) {
    ZonedDateTime zoned = wall.atZone(zone);
    return laterOffset ? zoned.withLaterOffsetAtOverlap() : zoned.withEarlierOffsetAtOverlap();
  }
}
