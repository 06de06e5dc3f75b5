package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.epoch.RevokedToken;
import dev.retention.it.epoch.SpringSessionRow;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.EveryProvider;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.RandomCases;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The invariant for attributes that hold epoch time, on random cases: a {@code long} of milliseconds (Spring Session's
 * shape) or an {@code int} of seconds, values on the cutoff's unit, one unit either side, null, far away; a clock with
 * fractions of a millisecond; random windows, batch options and statement shapes. A row may go only once the instant
 * its number stands for is at or before the cutoff (judged here with {@code Instant}, not with the runtime's
 * rounding); once drained, the rows left are exactly those not expired. Half the cases keep the check of implausible
 * epoch values on: a milliseconds value before 1973 (the far past below) is then set aside, kept and counted, while the
 * other rows go as due.
 *
 * <p>{@code -Dinvariant.seed=<n>} replays a run; {@code -Dinvariant.epoch.cases=<n>} changes how many cases it has
 * ({@link RandomCases}).
 */
@EveryProvider
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class EpochInvariantTest extends DatabaseSuite {

  private static final Instant ORIGIN = Instant.parse("2026-03-01T12:00:00Z");
  /** The oldest epoch-milliseconds value the check of epoch values finds plausible, as the guide states it. */
  private static final long EARLIEST_PLAUSIBLE_MILLIS = Instant.parse("1973-01-01T00:00:00Z").toEpochMilli();

  EpochInvariantTest(TestDatabase.Kind kind) {
    super(kind, ORIGIN, SpringSessionRow.class, RevokedToken.class);
  }

  /** One of the two shapes: how a number stands for an instant, and how its rows are written and read. */
  private enum Shape {
    MILLIS_LONG(SpringSessionRow.class.getName(), "SpringSessionRow") {
      @Override
      Instant instant(long value) {
        return Instant.ofEpochMilli(value);
      }

      @Override
      long unitsOf(Instant instant) {
        return instant.toEpochMilli();
      }

      @Override
      Object row(long id, Long value) {
        return new SpringSessionRow(Long.toString(id), value);
      }
    },
    SECONDS_INT(RevokedToken.class.getName(), "RevokedToken") {
      @Override
      Instant instant(long value) {
        return Instant.ofEpochSecond(value);
      }

      @Override
      long unitsOf(Instant instant) {
        return instant.getEpochSecond();
      }

      @Override
      Object row(long id, Long value) {
        return new RevokedToken(id, value == null ? null : Math.toIntExact(value));
      }
    };

    final String pass;
    final String entity;

    Shape(String pass, String entity) {
      this.pass = pass;
      this.entity = entity;
    }

    abstract Instant instant(long value);

    abstract long unitsOf(Instant instant);

    abstract Object row(long id, Long value);

    boolean nullable() {
      return this == SECONDS_INT;
    }
  }

  @Test
  void theRowsLeftAreExactlyThoseNotExpired() {
    RandomCases.run("epoch", database, this::runCase);
  }

  private void runCase(Random random) {
    Shape shape = Shape.values()[random.nextInt(2)];
    Jpa.run(emf, em -> em.createQuery("delete from " + shape.entity).executeUpdate());
    Duration window = random.nextBoolean() ? Duration.ZERO : Duration.ofMillis(1 + random.nextInt(10_800_000));
    Instant now = ORIGIN.plusNanos(random.nextLong(86_400_000_000_000L));
    Instant firstCutoff = now.minus(window);
    Map<Long, Long> rows = rows(random, shape, shape.unitsOf(firstCutoff));
    Jpa.persistAll(emf, rows.entrySet().stream().map(row -> shape.row(row.getKey(), row.getValue()))
        .collect(Collectors.toList()));
    boolean epochCheck = random.nextBoolean();
    RetentionOptions options = RetentionOptions.empty()
        .withEpochCheck(epochCheck)
        .withBatchSize(1 + random.nextInt(12))
        .withMaxBatchesPerSweep(1 + random.nextInt(4))
        .withMinRetention(Duration.ZERO)
        .withRetention(window);
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC)
        .portableStatements(random.nextBoolean())
        .options(shape.pass, options)
        .build()) {
      // With the check on, a milliseconds value before 1973 is implausible: its row is set aside, kept, and counted.
      java.util.function.Predicate<Long> setAside = value -> epochCheck && shape == Shape.MILLIS_LONG && value != null
          && value < EARLIEST_PLAUSIBLE_MILLIS;
      long implausible = rows.values().stream().filter(setAside).count();
      Map<Long, Long> left = new HashMap<>(rows);
      Instant cutoff = firstCutoff;
      SweepReport last = null;
      for (int sweep = 0; sweep < 1 + random.nextInt(3) || last.workRemains(); sweep++) {
        clock.set(now);
        cutoff = now.minus(window);
        last = sweepAndCheck(retention, shape, left, cutoff, setAside);
        assertTrue(last.setAside() >= implausible, last::toString);
        if (random.nextBoolean()) {
          now = now.plusNanos(random.nextLong(3_000_000_000L));
        }
      }
      Instant finalCutoff = cutoff;
      Set<Long> notExpired = rows.entrySet().stream()
          .filter(row -> row.getValue() == null || shape.instant(row.getValue()).isAfter(finalCutoff)
              || setAside.test(row.getValue()))
          .map(Map.Entry::getKey)
          .collect(Collectors.toCollection(TreeSet::new));
      assertEquals(notExpired, ids(shape), "rows left once drained at cutoff " + finalCutoff + ", rows " + rows);
    }
  }

  private SweepReport sweepAndCheck(RetentionRuntime retention, Shape shape, Map<Long, Long> left, Instant cutoff,
      java.util.function.Predicate<Long> setAside) {
    SweepReport report = retention.sweep(shape.pass);
    assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
    Set<Long> present = ids(shape);
    left.entrySet().removeIf(row -> {
      if (present.contains(row.getKey())) {
        return false;
      }
      assertTrue(row.getValue() != null && !shape.instant(row.getValue()).isAfter(cutoff),
          "row " + row + " was deleted but is not expired at " + cutoff);
      assertFalse(setAside.test(row.getValue()), "row " + row + " was deleted but its value is implausible");
      return true;
    });
    return report;
  }

  /** Up to 40 rows: on the cutoff's unit, one unit either side, null where the column allows, far away, near. */
  private static Map<Long, Long> rows(Random random, Shape shape, long cutoff) {
    Map<Long, Long> rows = new TreeMap<>();
    int count = random.nextInt(41);
    for (long id = 1; id <= count; id++) {
      rows.put(id, switch (random.nextInt(7)) {
        case 0 -> shape.nullable() ? null : cutoff;
        case 1 -> cutoff;
        case 2 -> cutoff + 1;
        case 3 -> cutoff - 1;
        case 4 -> shape.unitsOf(Instant.parse("1971-01-01T00:00:00Z")) + random.nextInt(1_000_000);
        case 5 -> shape.unitsOf(Instant.parse("2037-01-01T00:00:00Z")) + random.nextInt(1_000_000);
        default -> cutoff + random.nextInt(20_000) - 10_000;
      });
    }
    return rows;
  }

  private Set<Long> ids(Shape shape) {
    return shape == Shape.MILLIS_LONG
        ? ids("select s.primaryId from SpringSessionRow s", String.class).stream().map(Long::valueOf)
            .collect(Collectors.toCollection(TreeSet::new))
        : ids("select s.id from RevokedToken s");
  }
}
