package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.SessionToken;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.ManualSweepTimer;
import dev.retention.it.support.RecordingListener;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.SweepTimers;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The clock decides what is expired; a monotonic source decides when the background sweeps run. Before, the schedule
 * ran on the injected {@code Clock}: with a clock that stands still (common in tests and demos) the pass never swept
 * again after its first sweep, and a clock set back an hour held the next sweep for an hour. The tests move a
 * {@link ManualSweepTimer} by hand, but the first, which runs on {@code System.nanoTime()} as applications do.
 */
@Timeout(120)
class BackgroundScheduleTest extends H2Fixture {

  static final Duration INTERVAL = Duration.ofHours(1);

  final RecordingListener listener = new RecordingListener();
  final ManualSweepTimer timer = new ManualSweepTimer();

  /** The shortest interval allowed, one second, on the real monotonic source: sweeps go on while the clock stands. */
  @Test
  void aClockThatStandsStillNeverStopsTheBackgroundSweeps() throws Exception {
    persistExpiredSessions(1, 5);

    try (RetentionRuntime retention = runtime(Duration.ofSeconds(1)).build().start()) {
      listener.awaitSweeps(1);
      persistExpiredSessions(6, 5);
      while (Jpa.count(emf, SessionToken.class) > 0) {
        listener.awaitSweeps(1);
      }
    }

    assertEquals(10, listener.sweeps.stream().mapToLong(SweepReport::deleted).sum());
    assertTrue(listener.sweeps.stream().allMatch(report -> report.cutoff().equals(NOW)), "the clock never moved");
  }

  @Test
  void theNextSweepComesOneIntervalLaterByTheTimerWhateverTheClockSays() throws Exception {
    persistExpiredSessions(1, 5);

    try (RetentionRuntime retention = SweepTimers.scheduledBy(runtime(INTERVAL), timer).build().start()) {
      listener.awaitSweeps(1);
      timer.awaitWakeUpWithin(INTERVAL);
      persistExpiredSessions(6, 5);

      timer.advance(INTERVAL.minusNanos(1));
      assertTrue(timer.waiting(), "not due a nanosecond before its interval");
      assertEquals(1, listener.sweeps.size());
      timer.advance(Duration.ofNanos(1));
      listener.awaitSweeps(1);
    }

    assertEquals(List.of(5L, 5L), listener.sweeps.stream().map(SweepReport::deleted).toList());
    assertEquals(List.of(NOW, NOW), listener.sweeps.stream().map(SweepReport::cutoff).toList(),
        "the clock stood still throughout");
  }

  @Test
  void aClockSetBackAnHourNeitherHoldsTheNextSweepNorMovesItsCutoffForward() throws Exception {
    persistExpiredSessions(1, 5);

    try (RetentionRuntime retention = SweepTimers.scheduledBy(runtime(INTERVAL), timer).build().start()) {
      listener.awaitSweeps(1);
      timer.awaitWakeUpWithin(INTERVAL);
      persistExpiredSessions(6, 5);
      clock.set(NOW.minus(Duration.ofHours(1)));

      timer.advance(INTERVAL);
      listener.awaitSweeps(1);
    }

    assertEquals(List.of(NOW, NOW.minus(Duration.ofHours(1))),
        listener.sweeps.stream().map(SweepReport::cutoff).toList(), "the clock decides the cutoff");
    assertEquals(List.of(5L, 5L), listener.sweeps.stream().map(SweepReport::deleted).toList());
  }

  private RetentionRuntime.Builder runtime(Duration interval) {
    return RetentionRuntime.builder(emf).clock(clock)
        .listener(listener)
        .options(SESSIONS, RetentionOptions.empty().withSweepInterval(interval).withMaxStartupStagger(Duration.ZERO))
        .options(AUDIT, RetentionOptions.empty().withEnabled(false));
  }
}
