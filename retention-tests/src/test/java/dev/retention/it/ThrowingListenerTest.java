package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.SessionToken;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.RecordingListener;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.BatchReport;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An {@code Error} a listener throws, once, neither kills the background sweeper nor reaches a manual sweep's caller;
 * what escapes a sweep anyway is kept for {@link RetentionRuntime#unexpectedFailure()}. Before, a
 * {@code StackOverflowError} from {@code batchCompleted} killed the sweeper thread for good, silently, and a manual
 * {@code sweep()} threw it after the batch had committed.
 */
@Timeout(120)
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class ThrowingListenerTest {

  /** Listeners and a clock that throw on purpose; the runtime logs each. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention");

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String SESSIONS = SessionToken.class.getName();

  @Parameter
  TestDatabase.Kind kind;

  final TestClock clock = new TestClock(NOW);
  final RecordingListener recording = new RecordingListener();
  TestDatabase database;
  EntityManagerFactory emf;

  @BeforeEach
  void openDatabase() {
    database = TestDatabase.create(kind);
    emf = Jpa.factory(database, List.of(SessionToken.class));
    // 1..10 expired now, 11..15 expire within the next hour, 16 in a day.
    List<SessionToken> sessions = new ArrayList<>();
    for (long id = 1; id <= 10; id++) {
      sessions.add(new SessionToken(id, NOW.minus(Duration.ofMinutes(id))));
    }
    for (long id = 11; id <= 15; id++) {
      sessions.add(new SessionToken(id, NOW.plus(Duration.ofMinutes(id))));
    }
    sessions.add(new SessionToken(16, NOW.plus(Duration.ofDays(1))));
    Jpa.persistAll(emf, sessions);
  }

  @AfterEach
  void closeDatabase() throws Exception {
    if (database == null) {
      return; // skipped before it was created (-Dtest.databases)
    }
    emf.close();
    database.close();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"StackOverflowError", "AssertionError"})
  void theBackgroundSweeperKeepsSweepingLaterExpiredRowsAfterAListenerThrewAnError(String error) throws Exception {
    warnings.expect("Sweep listener .* failed on an event of ");
    SweepListener throwsOnce = new SweepListener() {
      private final AtomicBoolean thrown = new AtomicBoolean();

      @Override
      public void batchCompleted(BatchReport batch) {
        if (thrown.compareAndSet(false, true)) {
          throw error.equals("StackOverflowError") ? new StackOverflowError("listener") : new AssertionError("listener");
        }
      }

      @Override
      public void sweepFinished(SweepReport report) {
        // An hour passes between the first sweep and the next, which the full first batch makes due at once.
        if (report.cutoff().equals(NOW)) {
          clock.advance(Duration.ofHours(1));
        }
      }
    };

    try (RetentionRuntime retention = runtime().listener(throwsOnce).listener(recording).build().start()) {
      recording.awaitSweeps(2);

      assertTrue(retention.unexpectedFailure().isEmpty(), "the listener's Error was contained, nothing escaped");
    }
    SweepReport first = recording.sweeps.get(0);
    SweepReport later = recording.sweeps.get(1);
    assertTrue(first.succeeded() && later.succeeded(), recording.sweeps::toString);
    assertEquals(10, first.deleted());
    assertEquals(NOW.plus(Duration.ofHours(1)), later.cutoff());
    assertEquals(5, later.deleted(), "the rows that expired after the listener threw went too");
    assertEquals(Set.of(16L), ids());
  }

  @Test
  void aManualSweepReturnsItsReportWhenAListenerThrowsAnError() {
    warnings.expect("Sweep listener .* failed on an event of ");
    SweepListener throwing = new SweepListener() {
      @Override
      public void batchCompleted(BatchReport batch) {
        throw new AssertionError("listener");
      }

      @Override
      public void sweepFinished(SweepReport report) {
        throw new StackOverflowError("listener");
      }
    };

    try (RetentionRuntime retention = runtime().listener(throwing).build()) {
      SweepReport report = retention.sweep(SESSIONS);

      assertTrue(report.succeeded(), report::toString);
      assertEquals(10, report.deleted());
    }
    assertEquals(Set.of(11L, 12L, 13L, 14L, 15L, 16L), ids());
  }

  @Test
  void whatEscapesABackgroundSweepIsKeptForUnexpectedFailure() throws Exception {
    warnings.expect("background sweep of .* failed unexpectedly");
    CountDownLatch recorded = new CountDownLatch(1);
    ClockFailingInASweep failing = new ClockFailingInASweep(clock, recorded::countDown);

    try (RetentionRuntime retention = runtime().clock(failing).build().start()) {
      assertTrue(recorded.await(30, TimeUnit.SECONDS), "the background sweep never read the clock");

      Throwable failure = retention.unexpectedFailure().orElseThrow(
          () -> new AssertionError("an Error escaped a background sweep and the runtime does not show it"));
      assertInstanceOf(StackOverflowError.class, failure);
    }
    assertEquals(16, Jpa.count(emf, SessionToken.class), "the sweep that failed deleted nothing");
  }

  private RetentionRuntime.Builder runtime() {
    return RetentionRuntime.builder(emf).clock(clock)
        .defaults(RetentionOptions.empty().withBatchSize(10).withMaxBatchesPerSweep(1)
            .withMaxStartupStagger(Duration.ZERO));
  }

  private Set<Long> ids() {
    return Jpa.inTransaction(emf, em -> new TreeSet<>(
        em.createQuery("select s.id from SessionToken s", Long.class).getResultList()));
  }

  /**
   * A clock that throws a {@code StackOverflowError} the first time a sweep reads it: an Error from inside the sweep
   * machinery itself, which no listener or batch guard catches. The next read, from the scheduler handling that
   * failure after it kept it, runs {@code afterFailure}.
   */
  static final class ClockFailingInASweep extends Clock {
    private final Clock clock;
    private final Runnable afterFailure;
    private final AtomicBoolean thrown = new AtomicBoolean();
    private final AtomicBoolean reported = new AtomicBoolean();

    ClockFailingInASweep(Clock clock, Runnable afterFailure) {
      this.clock = clock;
      this.afterFailure = afterFailure;
    }

    @Override
    public Instant instant() {
      if (!thrown.get() && readBySweep() && thrown.compareAndSet(false, true)) {
        throw new StackOverflowError("clock");
      }
      if (thrown.get() && !readBySweep() && reported.compareAndSet(false, true)) {
        afterFailure.run();
      }
      return clock.instant();
    }

    private static boolean readBySweep() {
      Supplier<Boolean> inSweeper = () -> StackWalker.getInstance().walk(frames -> frames.anyMatch(
          frame -> frame.getClassName().startsWith("dev.retention.runtime.internal.sweep.Sweeper")));
      return inSweeper.get();
    }

    @Override
    public ZoneId getZone() {
      return clock.getZone();
    }

    @Override
    public Clock withZone(ZoneId zone) {
      throw new UnsupportedOperationException("a test clock has one zone");
    }
  }
}
