package dev.retention.runtime.internal.sweep;

import static dev.retention.runtime.internal.sweep.LoopFixture.NOW;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.runtime.Scope;
import dev.retention.runtime.ScopeWindows;
import dev.retention.runtime.SweepInFlight;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.TransactionRunner;
import dev.retention.runtime.internal.pass.ScopeGroup;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The sweep loop, from request to report, on H2 with a scripted shape: how each batch's outcome ends or continues the
 * run, what the report says of it, and how scope rounds and on-demand sweeps share the one loop. The window is 30 days;
 * rows 40 days old are expired, rows a day old are not.
 */
class SweepLoopOnH2Test {

  private static final Duration EXPIRED = Duration.ofDays(40);
  private static final Duration FRESH = Duration.ofDays(1);
  private static final Duration PASS_CUTOFF_AGE = LoopNotePass.WINDOW;

  /** Windows of 30, 31 and 32 days for tenants a, b and c from code: each is a group of its own. */
  private static final ScopeWindows APART = value -> Optional.of(Duration.ofDays(30 + "abc".indexOf((String) value)));

  private LoopFixture fixture;

  @BeforeEach
  void database() {
    fixture = new LoopFixture();
  }

  @AfterEach
  void close() {
    fixture.close();
  }

  @Test
  void aSweepStopsAtItsBatchBoundWithWorkLeftAndTheLag() {
    fixture.persist(25, EXPIRED, null);

    SweepReport report = fixture.unscoped(LoopSettings.batchesOf(5).maxBatchesPerSweep(3)).sweep();

    assertEquals(15, report.deleted());
    assertEquals(3, report.batches());
    assertTrue(report.workRemains(), "ten expired rows are left");
    assertEquals(10, fixture.count());
    assertEquals(Optional.of(EXPIRED.minus(PASS_CUTOFF_AGE).plusSeconds(10)), report.lag(), "the oldest left, row 16");
    assertTrue(report.succeeded());
  }

  @Test
  void aShortBatchWithNothingExpiredLeftEndsTheRun() {
    fixture.persist(12, EXPIRED, null);
    fixture.persist(3, FRESH, null);

    SweepReport report = fixture.unscoped(LoopSettings.batchesOf(5)).sweep();

    assertEquals(12, report.deleted());
    assertEquals(3, report.batches(), "5, 5 and a short 2");
    assertFalse(report.workRemains());
    assertEquals(Optional.empty(), report.lag());
    assertEquals(3, fixture.count(), "the fresh rows stay");
    assertEquals(List.of("started " + NOW.minus(PASS_CUTOFF_AGE), "batch 1", "batch 1 deleted 5", "batch 2",
        "batch 2 deleted 5", "batch 3", "batch 3 deleted 2", "finished 12"), fixture.heard);
  }

  @Test
  void aBacklogOfExactlyWholeBatchesEndsWithAnEmptyBatchAndNoWorkLeft() {
    fixture.persist(10, EXPIRED, null);

    SweepReport report = fixture.unscoped(LoopSettings.batchesOf(5)).sweep();

    assertEquals(10, report.deleted());
    assertEquals(3, report.batches(), "the third finds nothing");
    assertFalse(report.workRemains(), "no expired row remains");
  }

  @Test
  void aShortBatchWithExpiredRowsLeftGoesOnAfterLookingForThem() {
    fixture.persist(7, EXPIRED, null);
    fixture.shape.then(ScriptedShape.claims(2)); // short, as when it skipped rows another transaction held

    SweepReport report = fixture.unscoped(LoopSettings.batchesOf(5)).sweep();

    assertEquals(3, report.batches(), "the look found rows, so the run went on: 5, then a short 2");
    assertEquals(2 + 5 + 2, report.deleted());
    assertFalse(report.workRemains());
    assertEquals(0, fixture.count());
  }

  @Test
  void aBatchThatDeletesNothingWhileRowsAreExpiredEndsTheRunWithWorkLeft() {
    fixture.persist(7, EXPIRED, null);
    fixture.shape.then(ScriptedShape.claims(0)); // every row it selected moved or was held

    SweepReport report = fixture.unscoped(LoopSettings.batchesOf(5)).sweep();

    assertEquals(1, report.batches(), "no second batch at once on the same rows");
    assertEquals(0, report.deleted());
    assertTrue(report.workRemains(), "seven expired rows remain");
    assertTrue(report.lag().isPresent());
    assertEquals(Optional.of(SweepReport.NoProgress.ROWS_OUT_OF_REACH), report.noProgress(),
        "no row is held: the statement did not reach them");
    assertTrue(report.noProgressReason().orElseThrow().contains("the pass's statement (portable JPQL)"),
        report::toString);
    assertTrue(report.succeeded(), "no progress is no failure");
  }

  /**
   * One expired row held by the application: the batch skips it (here: the scripted statement deletes nothing, as one
   * that skips locked rows would), and the sweep made no progress, the row held, as a look that skips locked rows tells.
   */
  @Test
  void aSweepWhoseOnlyExpiredRowIsHeldMadeNoProgressAndSaysTheRowIsHeld() throws Exception {
    fixture.persist(1, EXPIRED, null);
    fixture.persist(2, FRESH, null);
    fixture.shape.then(ScriptedShape.claims(0));
    Sweeper sweeper = fixture.unscoped(LoopSettings.batchesOf(5));

    SweepReport report;
    try (AutoCloseable held = fixture.hold(1)) {
      report = sweeper.sweep();
    }

    assertEquals(Optional.of(SweepReport.NoProgress.HELD_ROWS), report.noProgress(), report::toString);
    assertEquals("every expired row left is locked by another transaction; they go once it ends",
        report.noProgressReason().orElseThrow());
    assertTrue(report.workRemains());

    SweepReport released = sweeper.sweep();

    assertEquals(1, released.deleted());
    assertEquals(Optional.empty(), released.noProgress());
  }

  @Test
  void aRunThatDeletedRowsBeforeABatchDeletedNoneMadeProgress() {
    fixture.persist(12, EXPIRED, null);
    fixture.shape.then(ScriptedShape.DELETES).then(ScriptedShape.claims(0));

    SweepReport report = fixture.unscoped(LoopSettings.batchesOf(5)).sweep();

    assertEquals(5, report.deleted());
    assertTrue(report.workRemains());
    assertEquals(Optional.empty(), report.noProgress(), "five rows went");
  }

  /**
   * A sweep with nothing expired looks first and runs no batch, whatever its statement: an empty sweep counted one
   * batch on one statement and none on another (and none in a scoped pass's idle round).
   */
  @Test
  void aSweepWithNothingExpiredRunsNoBatch() {
    fixture.persist(3, FRESH, null);

    SweepReport report = fixture.unscoped(LoopSettings.batchesOf(5)).sweep();

    assertEquals(0, report.batches());
    assertEquals(0, report.deleted());
    assertFalse(report.workRemains());
    assertEquals(Optional.empty(), report.noProgress());
    assertEquals(List.of(), fixture.shape.sizes, "no batch ran");
    assertEquals(List.of("started " + NOW.minus(PASS_CUTOFF_AGE), "finished 0"), fixture.heard);
    assertEquals(0, fixture.byTenant(LoopSettings.batchesOf(5), null).sweepScope(Scope.of("a")).batches(),
        "nor an on-demand sweep of a scope with nothing expired");
  }

  /** The sweep of all the pass's rows under way shows how far it has got, batch by batch, and no more once it ends. */
  @Test
  void theSweepInFlightShowsItsBatchesAndRowsSoFarAndGoesWhenItEnds() {
    fixture.persist(12, EXPIRED, null);
    Sweeper sweeper = fixture.unscoped(LoopSettings.batchesOf(5));
    List<SweepInFlight> seen = new ArrayList<>();
    fixture.onBatch(batch -> seen.add(sweeper.inFlight().orElseThrow()));

    SweepReport report = sweeper.sweep();

    SweepInFlight first = new SweepInFlight(LoopNote.class.getCanonicalName(), NOW, NOW.minus(PASS_CUTOFF_AGE), 1, 5);
    assertEquals(List.of(first, first.plusBatch(5), first.plusBatch(5).plusBatch(2)), seen);
    assertEquals(NOW, report.startedAt());
    assertEquals(Optional.empty(), sweeper.inFlight(), "the sweep ended");
  }

  @Test
  void anOnDemandSweepOfOneScopeIsNotThePassesSweepInFlight() {
    fixture.persist(3, EXPIRED, "a");
    Sweeper sweeper = fixture.byTenant(LoopSettings.batchesOf(5), null);
    List<Optional<SweepInFlight>> seen = new ArrayList<>();
    fixture.onBatch(batch -> seen.add(sweeper.inFlight()));

    sweeper.sweepScope(Scope.of("a"));

    assertEquals(List.of(Optional.empty()), seen);
  }

  /**
   * In scope rounds, a group whose batch deletes nothing while its rows are left (another transaction holds them)
   * holds back no other scope: the round goes on with the next, the sweep says work remains, and the next sweep starts
   * a round at that group again. Stopping the round there left every later scope's expired rows for as long as the lock
   * lasted (a scope with a longer window, swept last, kept them all).
   */
  @Test
  void aScopeGroupWithoutProgressHoldsBackNoOtherScopeAndTheNextSweepStartsAtIt() {
    fixture.persist(3, EXPIRED, "a");
    fixture.persist(3, EXPIRED, "b");
    fixture.shape.then(ScriptedShape.claims(0));
    Sweeper sweeper = fixture.byTenant(LoopSettings.batchesOf(5), APART);

    SweepReport first = sweeper.sweep();

    assertEquals(List.of(3L, 0L, 0L), counts(), "a's rows held, b's gone all the same");
    assertEquals(3, first.deleted());
    assertEquals(Optional.empty(), first.noProgress(), "b's rows went");
    assertTrue(first.workRemains(), "a's rows are left");

    SweepReport next = sweeper.sweep();

    assertEquals(3, next.deleted(), "a again");
    assertEquals(List.of(0L, 0L, 0L), counts());
    assertEquals(Optional.empty(), next.noProgress());
  }

  /** A round whose only due group made no progress made none at all: the sweep says so, and why. */
  @Test
  void aRoundWhoseOnlyDueGroupIsHeldMadeNoProgress() {
    fixture.persist(3, EXPIRED, "a");
    fixture.shape.then(ScriptedShape.claims(0));
    Sweeper sweeper = fixture.byTenant(LoopSettings.batchesOf(5), APART);

    SweepReport stalled = sweeper.sweep();

    assertEquals(List.of(3L, 0L, 0L), counts());
    assertEquals(Optional.of(SweepReport.NoProgress.ROWS_OUT_OF_REACH), stalled.noProgress());
    assertTrue(stalled.workRemains());
  }

  @Test
  void aFailedBatchStopsTheSweepAndTheReportCarriesItAndTheLag() {
    fixture.persist(12, EXPIRED, null);
    fixture.shape.then(ScriptedShape.DELETES).then(ScriptedShape.fails("disk full"));

    SweepReport report = fixture.unscoped(LoopSettings.batchesOf(5)).sweep();

    assertEquals(5, report.deleted(), "the first batch committed");
    assertEquals(1, report.batches());
    Throwable failure = report.failure().orElseThrow();
    assertTrue(failure.getMessage().startsWith("Sweep of " + LoopNote.class.getCanonicalName() + " failed in batch 2"),
        failure::getMessage);
    assertEquals("disk full", failure.getCause().getMessage());
    assertEquals(7, fixture.count(), "no batch after the failed one");
    assertEquals(Optional.of(EXPIRED.minus(PASS_CUTOFF_AGE).plusSeconds(7)), report.lag(),
        "measured after the failure: the oldest left, row 6");
  }

  @Test
  void aFailedBatchOfOneScopeStopsTheRoundAndTheNextSweepRetriesThatScope() {
    fixture.persist(3, EXPIRED, "a");
    fixture.persist(3, EXPIRED, "b");
    fixture.shape.then(ScriptedShape.fails("disk full"));
    Sweeper sweeper = fixture.byTenant(LoopSettings.batchesOf(5), APART);

    SweepReport failed = sweeper.sweep();

    assertTrue(failed.failure().orElseThrow().getMessage().contains("a, batch 1"), failed.failure()::toString);
    assertEquals(3, fixture.count("b"), "the sweep stopped before b");
    assertEquals(Optional.of(EXPIRED.minus(PASS_CUTOFF_AGE).plusSeconds(3)), failed.lag(), "a's, after its failure");

    SweepReport next = sweeper.sweep();

    assertTrue(next.succeeded());
    assertEquals(6, next.deleted(), "a again, then b");
    assertFalse(next.workRemains());
  }

  /**
   * An {@code Error} from the application's windows for one scope fails that scope alone: the round goes on with the
   * others, and an on-demand sweep of it reports the failure instead of throwing.
   */
  @Test
  void aWindowThatThrowsAnErrorFailsThatScopeAndTheRoundGoesOnWithTheOthers() {
    fixture.persist(3, EXPIRED, "a");
    fixture.persist(3, EXPIRED, "b");
    fixture.persist(3, EXPIRED, "c");
    ScopeWindows brokenForB = value -> {
      if ("b".equals(value)) {
        throw new AssertionError("b's settings are corrupt");
      }
      return Optional.empty();
    };
    Sweeper sweeper = fixture.byTenant(LoopSettings.batchesOf(5), brokenForB);

    SweepReport round = sweeper.sweep();
    SweepReport onDemand = sweeper.sweepScope(Scope.of("b"));

    assertEquals(6, round.deleted(), "a and c");
    assertEquals(List.of(0L, 3L, 0L), counts());
    assertTrue(round.failure().orElseThrow().getMessage().contains("scope b"), round.failure()::toString);
    assertEquals(AssertionError.class, onDemand.failure().orElseThrow().getCause().getCause().getClass());
    assertEquals(0, onDemand.deleted());
  }

  @Test
  void aStopBetweenBatchesEndsTheSweepWithWorkLeft() {
    fixture.persist(20, EXPIRED, null);
    fixture.onBatch(batch -> {
      if (batch.number() == 2) {
        fixture.stop.stop();
      }
    });

    SweepReport report = fixture.unscoped(LoopSettings.batchesOf(5)).sweep();

    assertEquals(2, report.batches());
    assertEquals(10, report.deleted());
    assertTrue(report.workRemains());
    assertEquals(10, fixture.count());
  }

  @Test
  void aStopDuringScopeRoundsLeavesTheNextScopesAlone() {
    fixture.persist(3, EXPIRED, "a");
    fixture.persist(3, EXPIRED, "b");
    fixture.onBatch(batch -> fixture.stop.stop());

    SweepReport report = fixture.byTenant(LoopSettings.batchesOf(5), APART).sweep();

    assertEquals(1, report.batches());
    assertTrue(report.workRemains());
    assertEquals(0, fixture.count("a"));
    assertEquals(3, fixture.count("b"));
  }

  @Test
  void scopeRoundsResumeWhereTheLastSweepStopped() {
    fixture.persist(10, EXPIRED, "a");
    fixture.persist(10, EXPIRED, "b");
    fixture.persist(10, EXPIRED, "c");
    Sweeper sweeper = fixture.byTenant(LoopSettings.batchesOf(5).maxBatchesPerSweep(2).maxBatchesPerScope(1), APART);

    SweepReport first = sweeper.sweep();
    assertEquals(List.of(5L, 5L, 10L), counts(), "a and b, one batch each: the sweep's two");
    assertTrue(first.workRemains());

    SweepReport second = sweeper.sweep();
    assertEquals(List.of(5L, 5L, 5L), counts(), "c, where the first stopped; then the round ends");
    assertEquals(1, second.batches());
    assertTrue(second.workRemains(), "the round left rows in a and b");

    SweepReport third = sweeper.sweep();
    assertEquals(List.of(0L, 0L, 5L), counts(), "a new round, from a");
    assertTrue(third.workRemains());
  }

  @Test
  void scopesWithNothingExpiredCostNoBatchAndAnIdleRoundReportsNoWork() {
    fixture.persist(4, FRESH, "a");
    fixture.persist(4, FRESH, "b");
    fixture.persist(2, EXPIRED, "c");
    Sweeper sweeper = fixture.byTenant(LoopSettings.batchesOf(5), null);

    SweepReport drain = sweeper.sweep();
    assertEquals(1, drain.batches(), "only c is due");
    assertEquals(2, drain.deleted());
    assertFalse(drain.workRemains());

    SweepReport idle = sweeper.sweep();
    assertEquals(0, idle.batches());
    assertFalse(idle.workRemains(), "nothing expired is left");
    assertEquals(0, fixture.shape.sizes.size() - 1, "no batch ran in the idle sweep");
  }

  @Test
  void scopesThatShareAWindowGoInOneBatchAndAScopeWithALongerOneKeepsItsRows() {
    fixture.persist(3, EXPIRED, "a");
    fixture.persist(3, EXPIRED, "b");
    fixture.persist(3, EXPIRED, "c");
    fixture.persist(2, EXPIRED, "d");
    fixture.persist(2, EXPIRED, null);
    ScopeWindows code = value -> Optional.of("d".equals(value) ? Duration.ofDays(60) : LoopNotePass.WINDOW);

    SweepReport report = fixture.byTenant(LoopSettings.batchesOf(20), code).sweep();

    assertEquals(11, report.deleted());
    assertEquals(2, report.batches(), "one for a, b and c together; one for the rows without a tenant");
    assertEquals(List.of(ScopeGroup.of(List.of("a", "b", "c")), ScopeGroup.of(Scope.of(null))), fixture.shape.scopes);
    assertEquals(2, fixture.count("d"), "forty days old is within d's sixty");
    assertFalse(report.workRemains());
  }

  @Test
  void aScopeWithMoreExpiredRowsThanOneShareIsSweptAloneAndTheSmallOnesTogether() {
    fixture.persist(30, EXPIRED, "a");
    fixture.persist(2, EXPIRED, "b");
    fixture.persist(2, EXPIRED, "c");
    fixture.persist(2, EXPIRED, "d");
    Sweeper sweeper = fixture.byTenant(LoopSettings.batchesOf(5).maxBatchesPerScope(2), null);

    SweepReport first = sweeper.sweep();

    ScopeGroup others = ScopeGroup.of(List.of("b", "c", "d"));
    assertEquals(List.of(ScopeGroup.of(Scope.of("a")), ScopeGroup.of(Scope.of("a")), others, others),
        fixture.shape.scopes, "a's thirty rows are more than a share of two batches of five: a alone, within its"
            + " share; then the others' six together, 5 and a short 1");
    assertEquals(10 + 6, first.deleted());
    assertTrue(first.workRemains(), "a has rows left for the next sweep");
    assertEquals(List.of(20L, 0L, 0L), counts());
  }

  @Test
  void aGroupWhoseBatchMeetsASpellingWithALongerWindowIsSweptOneValueAtATime() {
    fixture.persist(4, Duration.ofDays(5), "acme");
    fixture.persist(4, Duration.ofDays(5), "beta");
    // Code gives acme and beta a day and Acme ten; a database whose collation takes acme and Acme as one would select
    // both in the group's batch.
    ScopeWindows code = value -> Optional.of("Acme".equals(value) ? Duration.ofDays(10) : Duration.ofDays(1));
    fixture.shape.then(2, ScriptedShape.selects("Acme"));

    SweepReport report = fixture.byTenant(LoopSettings.batchesOf(5), code).sweep();

    assertTrue(report.succeeded(), () -> String.valueOf(report.failure()));
    assertEquals(List.of(ScopeGroup.of(List.of("acme", "beta")), ScopeGroup.of(Scope.of("acme")),
        ScopeGroup.of(Scope.of("acme")), ScopeGroup.of(Scope.of("beta"))), fixture.shape.scopes,
        "the group rolled back; then acme alone, which widened to ten days; then beta");
    assertEquals(4, fixture.count("acme"), "five days old is within ten");
    assertEquals(0, fixture.count("beta"), "beta goes by its own day");
    assertEquals(4, report.deleted());
  }

  @Test
  void anOnDemandSweepStopsAtItsBudgetByTheMonotonicTimer() {
    fixture.persist(30, EXPIRED, "a");
    fixture.onBatch(batch -> fixture.nanos.addAndGet(Duration.ofMillis(400).toNanos()));
    Sweeper sweeper = fixture.byTenant(LoopSettings.batchesOf(5).scopeSweepBudget(Duration.ofSeconds(1)), null);

    SweepReport report = sweeper.sweepScope(Scope.of("a"));

    assertEquals(3, report.batches(), "0.4, 0.8, then 1.2 s: past the budget");
    assertEquals(15, report.deleted());
    assertTrue(report.workRemains());
    assertEquals(Scope.of("a"), report.scope());
    assertTrue(fixture.stop.pauses.isEmpty(), "an on-demand sweep does not pause between batches");
  }

  @Test
  void anOnDemandSweepStopsAtItsShareOfBatchesAndLeavesTheRoundsWhereTheyWere() {
    fixture.persist(10, EXPIRED, "a");
    fixture.persist(10, EXPIRED, "b");
    Sweeper sweeper = fixture.byTenant(LoopSettings.batchesOf(5).maxBatchesPerSweep(1).maxBatchesPerScope(1), APART);
    sweeper.sweep(); // a, one batch: the next background sweep starts at b

    SweepReport onDemand = sweeper.sweepScope(Scope.of("a"));
    assertEquals(1, onDemand.batches());
    assertTrue(onDemand.workRemains());
    assertEquals(0, fixture.count("a"));

    sweeper.sweep();
    assertEquals(5, fixture.count("b"), "the round went on at b");
  }

  @Test
  void aLostDeadlockRunsTheBatchAgainAfterAPauseThatDoesNotWait() {
    fixture.persist(7, EXPIRED, null);
    fixture.shape.then(2, ScriptedShape.DEADLOCKS);

    SweepReport report = fixture.unscoped(LoopSettings.batchesOf(5)).sweep();

    assertTrue(report.succeeded(), () -> String.valueOf(report.failure()));
    assertEquals(7, report.deleted());
    assertEquals(2, report.batches(), "attempts are not batches");
    assertEquals(3, fixture.stop.pauses.size(), "one pause after each lost deadlock, then batch-delay's");
    assertTrue(fixture.stop.pauses.get(0).compareTo(BatchRun.DEADLOCK_PAUSE) <= 0);
    assertTrue(fixture.stop.pauses.get(1).compareTo(BatchRun.DEADLOCK_PAUSE.multipliedBy(2)) <= 0);
    assertEquals(4, fixture.shape.sizes.size(), "two lost attempts, then two batches");
  }

  @Test
  void aDeadlockLostOnEveryAttemptFailsTheBatch() {
    fixture.persist(7, EXPIRED, null);
    fixture.shape.then(BatchRun.DEADLOCK_ATTEMPTS, ScriptedShape.DEADLOCKS);

    SweepReport report = fixture.unscoped(LoopSettings.batchesOf(5)).sweep();

    assertTrue(report.failure().orElseThrow().getMessage().contains("batch 1"), report.failure()::toString);
    assertEquals(0, report.batches());
    assertEquals(7, fixture.count());
  }

  @Test
  void aBatchThatSelectsRowsOfALongerWindowRunsAgainAgainstIt() {
    fixture.persist(4, Duration.ofDays(5), "acme");
    // Code gives "acme" a day and "Acme" ten; a database whose collation takes them as one would select both.
    ScopeWindows code = value -> Optional.of("Acme".equals(value) ? Duration.ofDays(10) : Duration.ofDays(1));
    fixture.shape.then(ScriptedShape.selects("Acme"));

    SweepReport report = fixture.byTenant(LoopSettings.batchesOf(5), code).sweepScope(Scope.of("acme"));

    assertTrue(report.succeeded(), () -> String.valueOf(report.failure()));
    assertEquals(List.of(NOW.minus(Duration.ofDays(1)), NOW.minus(Duration.ofDays(10))), fixture.shape.cutoffs,
        "rolled back, then the same batch against the wider window");
    assertEquals(NOW.minus(Duration.ofDays(10)), report.cutoff(), "the report gives the window the rows went by");
    assertEquals(0, report.deleted());
    assertEquals(1, report.batches());
    assertEquals(4, fixture.count("acme"), "five days old is within ten");
  }

  @Test
  void aShapeThatStepsAsideIsRolledBackAndItsBatchRunsAgain() {
    fixture.persist(7, EXPIRED, null);
    fixture.shape.then(ScriptedShape.STEPS_ASIDE_AFTER_DELETING);

    SweepReport report = fixture.unscoped(LoopSettings.batchesOf(5)).sweep();

    assertTrue(report.succeeded(), () -> String.valueOf(report.failure()));
    assertEquals(7, report.deleted(), "the rolled-back rows are deleted again, once");
    assertEquals(2, report.batches());
    assertEquals(List.of(5, 5, 5), fixture.shape.sizes, "the stepped-aside attempt, then two batches");
    assertEquals(0, fixture.count());
  }

  @Test
  void aRunnerThatWrapsWhatItsWorkThrewStillLetsTheBatchRunAgain() {
    fixture.persist(7, EXPIRED, null);
    fixture.shape.then(ScriptedShape.STEPS_ASIDE_AFTER_DELETING);
    TransactionRunner wrapping = batch -> {
      try {
        batch.run();
      } catch (RuntimeException e) {
        throw new IllegalStateException("the application's runner wraps", e);
      }
    };

    SweepReport report = fixture.unscoped(LoopSettings.batchesOf(5), wrapping).sweep();

    assertTrue(report.succeeded(), () -> String.valueOf(report.failure()));
    assertEquals(7, report.deleted());
    assertEquals(0, fixture.count());
  }

  @Test
  void theMergeRuleAddsCountsKeepsFlagsTheLongerLagTheLaterFailureAndTheFirstEpochCheck() {
    RuntimeException first = new IllegalStateException("first");
    RuntimeException later = new IllegalStateException("later");
    EpochPlausibility.Finding found = new EpochPlausibility.Finding(3, "seconds in a milliseconds column");

    SweepResult folded = SweepResult.batch(5).plus(SweepResult.lag(Optional.of(Duration.ofMinutes(2))))
        .plus(SweepResult.epochChecked(found)).plus(SweepResult.failed(first)).plus(SweepResult.WORK_LEFT)
        .plus(SweepResult.batch(2)).plus(SweepResult.lag(Optional.of(Duration.ofMinutes(1))))
        .plus(SweepResult.epochChecked(EpochPlausibility.Finding.NONE)).plus(SweepResult.failed(later));

    assertEquals(7, folded.deleted());
    assertEquals(2, folded.batches());
    assertTrue(folded.workRemains());
    assertEquals(Optional.of(Duration.ofMinutes(2)), folded.lag());
    assertSame(later, folded.failure().orElseThrow());
    assertSame(found, folded.epochCheck().orElseThrow());
    assertEquals(SweepResult.NOTHING, SweepResult.NOTHING.plus(SweepResult.NOTHING));
  }

  private List<Long> counts() {
    return List.of(fixture.count("a"), fixture.count("b"), fixture.count("c"));
  }
}
