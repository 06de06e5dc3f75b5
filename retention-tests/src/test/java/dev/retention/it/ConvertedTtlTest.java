package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.reliability.EpochSecondsRow;
import dev.retention.it.reliability.WallClockRow;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A {@code @Ttl} attribute stored through an {@code AttributeConverter}: every statement compares the column with the
 * cutoff as the converter stores it, so rows due after the cutoff stay, on every database and statement shape. The
 * factory's JDBC zone is UTC; the wall-clock converter stores Los Angeles time, seven hours behind in June.
 */
@ParameterizedClass
@EnumSource(TestDatabase.Kind.class)
class ConvertedTtlTest {

  static final Instant NOW = Instant.parse("2026-06-10T12:00:00Z");
  static final String WALL_CLOCK = WallClockRow.class.getName();
  static final String EPOCH_SECONDS = EpochSecondsRow.class.getName();
  static final int CASES = Integer.getInteger("converter.cases", 60);
  static final int ROWS_PER_CASE = 15;

  @Parameter
  TestDatabase.Kind kind;

  TestDatabase database;
  EntityManagerFactory emf;

  @BeforeEach
  void openDatabase() {
    database = TestDatabase.create(kind);
    emf = Jpa.factory(database, List.of(WallClockRow.class, EpochSecondsRow.class));
  }

  @AfterEach
  void closeDatabase() throws Exception {
    if (database == null) {
      return; // skipped before it was created (-Dtest.databases)
    }
    if (emf != null) {
      emf.close();
    }
    database.close();
  }

  @Test
  void aConverterThatStoresALosAngelesWallClockKeepsTheRowsDueAfterTheCutoff() {
    sweepsOnlyTheRowsDueByTheCutoff(WALL_CLOCK, WallClockRow::new);
  }

  @Test
  void aConverterThatStoresEpochSecondsKeepsTheRowsDueAfterTheCutoff() {
    sweepsOnlyTheRowsDueByTheCutoff(EPOCH_SECONDS, EpochSecondsRow::new);
  }

  @Test
  void theStartLineSaysWhyPostgresqlDoesNotUseItsNativeStatementForAConvertedAttribute() {
    RetentionRuntime retention = RetentionRuntime.builder(emf).clock(new TestClock(NOW)).build();
    String line = StartLine.of(retention);

    String expected = switch (kind) {
      case POSTGRESQL -> "JPQL with SKIP LOCKED (not PostgreSQL ctid: the @Ttl attribute expiresAt has an"
          + " AttributeConverter, which native SQL would not apply to the cutoff)";
      case MARIADB -> "JPQL with SKIP LOCKED";
      case H2 -> "portable JPQL";
    };
    assertTrue(line.contains(WALL_CLOCK + ": expires at its attribute") && line.contains(expected), line);
  }

  /**
   * The invariant on random cases, both converters side by side: random rows around the cutoff (some exactly on it,
   * some null), random batch sizes and bounds, both statement choices. After each sweep no row due after the cutoff is
   * gone; once drained, exactly the rows due by it are. Whole seconds, since the epoch-seconds converter keeps no
   * more; and months without a Los Angeles transition, since a wall-clock converter cannot tell a repeated hour apart.
   * {@code -Dinvariant.seed=<n>} replays a run.
   */
  @Test
  void randomCasesKeepEveryRowDueAfterTheCutoffWithEitherConverter() {
    long seed = dev.retention.it.support.RandomCases.seed("converted");
    Random random = new Random(seed);
    TestClock clock = new TestClock(NOW);
    for (int number = 1; number <= CASES; number++) {
      Instant now = NOW.plusSeconds(random.nextInt(90 * 86_400));
      clock.set(now);
      Map<Long, Instant> due = new HashMap<>();
      List<Object> rows = new ArrayList<>();
      for (long id = 1; id <= 2L * ROWS_PER_CASE; id++) {
        Instant expiresAt = switch (random.nextInt(5)) {
          case 0 -> null;
          case 1 -> now;
          default -> now.plusSeconds(random.nextInt(6 * 3_600) - 3 * 3_600L);
        };
        due.put(id, expiresAt);
        rows.add(id <= ROWS_PER_CASE ? new WallClockRow(id, expiresAt) : new EpochSecondsRow(id, expiresAt));
      }
      Jpa.run(emf, em -> {
        em.createQuery("delete from WallClockRow").executeUpdate();
        em.createQuery("delete from EpochSecondsRow").executeUpdate();
        rows.forEach(em::persist);
      });
      String context = "case " + number + " of -Dinvariant.seed=" + seed + " on " + database + ", clock " + now;
      try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock)
          .portableStatements(random.nextBoolean())
          .defaults(RetentionOptions.empty().withBatchSize(1 + random.nextInt(6))
              .withMaxBatchesPerSweep(1 + random.nextInt(3)))
          .build()) {
        for (String pass : List.of(WALL_CLOCK, EPOCH_SECONDS)) {
          SweepReport report;
          do {
            report = retention.sweep(pass);
            SweepReport finished = report;
            assertTrue(report.succeeded(), () -> context + ": " + finished.failure().orElseThrow());
            Set<Long> left = idsLeft();
            due.forEach((id, expiresAt) -> assertTrue(left.contains(id) || expiresAt != null && !expiresAt.isAfter(now),
                () -> context + ": row " + id + " due at " + expiresAt + " was deleted"));
          } while (report.workRemains());
        }
      }
      Set<Long> notDue = new HashSet<>();
      due.forEach((id, expiresAt) -> {
        if (expiresAt == null || expiresAt.isAfter(now)) {
          notDue.add(id);
        }
      });
      assertEquals(notDue, idsLeft(), context + ": the rows left once drained");
    }
  }

  private Set<Long> idsLeft() {
    return Jpa.inTransaction(emf, em -> {
      Set<Long> ids = new HashSet<>(em.createQuery("select e.id from WallClockRow e", Long.class).getResultList());
      ids.addAll(em.createQuery("select e.id from EpochSecondsRow e", Long.class).getResultList());
      return ids;
    });
  }

  /** Rows due 5 h, 1 h, 1 s before the cutoff and at it go; rows due 1 s, 1 h, 2 h and 5 h after it stay. */
  private void sweepsOnlyTheRowsDueByTheCutoff(String pass, BiFunction<Long, Instant, Object> row) {
    List<Duration> offsets = List.of(Duration.ofHours(-5), Duration.ofHours(-1), Duration.ofSeconds(-1), Duration.ZERO,
        Duration.ofSeconds(1), Duration.ofHours(1), Duration.ofHours(2), Duration.ofHours(5));
    List<Object> rows = new ArrayList<>();
    for (int index = 0; index < offsets.size(); index++) {
      rows.add(row.apply((long) index, NOW.plus(offsets.get(index))));
    }
    Jpa.persistAll(emf, rows);

    for (boolean portable : List.of(false, true)) {
      try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(new TestClock(NOW))
          .portableStatements(portable).build()) {
        SweepReport report = retention.sweep(pass);
        assertTrue(report.succeeded(),
            () -> retention.settings(pass).statementShape().description() + ": " + report.failure().orElseThrow());
        assertEquals(portable ? 0 : 4, report.deleted(), retention.settings(pass).statementShape().description());
      }
      String entity = pass.substring(pass.lastIndexOf('.') + 1);
      List<Long> left = Jpa.inTransaction(emf, em -> em.createQuery(
          "select e.id from " + entity + " e order by e.id", Long.class).getResultList());
      assertEquals(List.of(4L, 5L, 6L, 7L), left, "rows left after the sweep with portableStatements(" + portable + ")");
    }
  }
}
