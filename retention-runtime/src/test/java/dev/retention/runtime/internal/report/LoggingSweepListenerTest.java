package dev.retention.runtime.internal.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A failing pass is logged once per change of state: the reports carry the time (the runtime's clock), so a hundred
 * sweeps a minute apart take no time here.
 */
class LoggingSweepListenerTest {

  private static final String PASS = "com.acme.UserSession";
  private static final Instant START = Instant.parse("2030-01-01T00:00:00Z");
  private static final RuntimeException CAUSE = new IllegalStateException("Table \"USER_SESSION\" not found");

  private final Logger log = Logger.getLogger("dev.retention");
  private final List<LogRecord> records = new CopyOnWriteArrayList<>();
  private final Handler capture = new Handler() {
    @Override
    public void publish(LogRecord record) {
      records.add(record);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };
  private final LoggingSweepListener listener = new LoggingSweepListener();
  private Level levelBefore;

  @BeforeEach
  void captureLog() {
    levelBefore = log.getLevel();
    log.setLevel(Level.INFO);
    log.addHandler(capture);
    log.setUseParentHandlers(false);
  }

  @AfterEach
  void releaseLog() {
    log.removeHandler(capture);
    log.setUseParentHandlers(true);
    log.setLevel(levelBefore);
  }

  @Test
  void aHundredFailuresAMinuteApartLogTheFirstThenEveryFifteenMinutesThenOneRecovery() {
    for (int sweep = 0; sweep < 100; sweep++) {
      listener.sweepFinished(failed(START.plus(Duration.ofMinutes(sweep))));
    }
    listener.sweepFinished(deleted(START.plus(Duration.ofMinutes(100)), 3));

    List<String> lines = records.stream().map(LogRecord::getMessage).toList();
    List<LogRecord> warnings = records.stream().filter(record -> record.getLevel() == Level.WARNING).toList();
    // The first, then at 15, 30, 45, 60, 75 and 90 minutes.
    assertEquals(7, warnings.size(), lines.toString());
    assertSame(CAUSE, warnings.get(0).getThrown(), "the first failure carries its cause");
    assertTrue(warnings.get(0).getMessage().startsWith(PASS + ": "), warnings.get(0).getMessage());
    assertEquals(PASS + ": still failing (16 sweeps, since " + START + "), the last with " + CAUSE,
        warnings.get(1).getMessage());
    assertTrue(warnings.get(6).getMessage().contains("(91 sweeps, since " + START + ")"), warnings.get(6).getMessage());
    List<String> recoveries = lines.stream().filter(line -> line.contains("recovered")).toList();
    assertEquals(List.of(PASS + ": recovered after 100 failed sweeps (failing since " + START + ")"), recoveries);
    assertEquals(9, records.size(), "7 warnings, the recovery and the report of the sweep that deleted: " + lines);
  }

  @Test
  void aHundredFailuresASecondApartLogOneWarningAndTheNextRunIsNewAgain() {
    for (int sweep = 0; sweep < 100; sweep++) {
      listener.sweepFinished(failed(START.plusSeconds(sweep)));
    }
    listener.sweepFinished(deleted(START.plusSeconds(100), 0));
    listener.sweepFinished(failed(START.plusSeconds(101)));

    assertEquals(List.of(Level.WARNING, Level.INFO, Level.WARNING), records.stream().map(LogRecord::getLevel).toList(),
        records.stream().map(LogRecord::getMessage).toList().toString());
    assertEquals(PASS + ": recovered after 100 failed sweeps (failing since " + START + ")",
        records.get(1).getMessage());
  }

  @Test
  void aSkippedSweepIsNoRecovery() {
    listener.sweepFinished(failed(START));
    listener.sweepFinished(SweepReport.builder(PASS, START.plusSeconds(10), START).skipped(true).build());
    listener.sweepFinished(deleted(START.plusSeconds(20), 0));

    assertEquals(List.of(Level.WARNING, Level.INFO), records.stream().map(LogRecord::getLevel).toList());
    assertEquals(PASS + ": recovered after 1 failed sweep (failing since " + START + ")", records.get(1).getMessage());
  }

  /**
   * A pass whose rows are held makes no progress sweep after sweep: one line says so and why, a change of why is said
   * again, one every fifteen minutes while it lasts, and one when a sweep deletes rows again.
   */
  @Test
  void sweepsWithoutProgressLogTheFirstEachChangeOfWhyEveryFifteenMinutesAndTheProgressAgain() {
    for (int sweep = 0; sweep < 20; sweep++) {
      listener.sweepFinished(stalled(START.plus(Duration.ofMinutes(sweep)), SweepReport.NoProgress.HELD_ROWS));
    }
    listener.sweepFinished(stalled(START.plus(Duration.ofMinutes(20)), SweepReport.NoProgress.ROWS_OUT_OF_REACH));
    listener.sweepFinished(deleted(START.plus(Duration.ofMinutes(21)), 1));

    List<String> lines = records.stream().map(LogRecord::getMessage).toList();
    assertEquals(List.of(Level.INFO, Level.WARNING, Level.WARNING, Level.INFO, Level.INFO),
        records.stream().map(LogRecord::getLevel).toList(), lines.toString());
    assertTrue(lines.get(0).startsWith(PASS + ": deleted 0 rows in 1 batch") && lines.get(0).contains(
        "no progress (held rows: every expired row left is locked by another transaction)")
        && lines.get(0).endsWith("; it sweeps again after a backoff, not at once"), lines.get(0));
    assertEquals(PASS + ": still no progress (16 sweeps, since " + START + "), held rows: every expired row left is"
        + " locked by another transaction", lines.get(1));
    assertTrue(lines.get(2).contains("no progress (rows out of reach: "), "a change of why: " + lines.get(2));
    assertEquals(PASS + ": progress again after 1 sweep without (rows out of reach since "
        + START.plus(Duration.ofMinutes(20)) + ")", lines.get(3));
    assertTrue(lines.get(4).startsWith(PASS + ": deleted 1 row"), lines.get(4));
  }

  private static SweepReport stalled(Instant at, SweepReport.NoProgress why) {
    return SweepReport.builder(PASS, at, at.minus(Duration.ofDays(1))).batches(1).workRemains(true)
        .noProgress(why, why == SweepReport.NoProgress.HELD_ROWS
            ? "every expired row left is locked by another transaction"
            : "an expired row can be locked, yet the pass's statement (PostgreSQL ctid) deleted none")
        .build();
  }

  /**
   * A round over tenants reports each tenant's sweep: one failing tenant among succeeding ones is one failure, logged
   * once with its tenant, never a failure and a recovery at each round.
   */
  @Test
  void aFailingTenantAmongSucceedingOnesIsOneStateOfItsOwnNamingTheTenant() {
    for (int round = 0; round < 10; round++) {
      Instant at = START.plus(Duration.ofMinutes(round));
      listener.sweepFinished(SweepReport.builder(PASS, at, at).tenant("t1").deleted(2).batches(1).build());
      listener.sweepFinished(SweepReport.builder(PASS, at, at).tenant("t2").failure(CAUSE).build());
      listener.sweepFinished(SweepReport.builder(PASS, at, at).tenant("t3").build());
    }

    List<String> warnings = records.stream().filter(record -> record.getLevel() == Level.WARNING)
        .map(LogRecord::getMessage).toList();
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).startsWith(PASS + " [tenant t2]: "), warnings.get(0));
    assertTrue(records.stream().noneMatch(record -> record.getMessage().contains("recovered")), records::toString);
  }

  private static SweepReport failed(Instant at) {
    return SweepReport.builder(PASS, at, at.minus(Duration.ofDays(1))).failure(CAUSE).build();
  }

  private static SweepReport deleted(Instant at, long rows) {
    return SweepReport.builder(PASS, at, at.minus(Duration.ofDays(1))).deleted(rows).batches(1).build();
  }
}
