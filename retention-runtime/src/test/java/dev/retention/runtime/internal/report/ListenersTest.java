package dev.retention.runtime.internal.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.runtime.BatchReport;
import dev.retention.runtime.SweepListener;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Delivery to the application's listeners: in order and complete for one that returns, and, for one that never does,
 * dropped events instead of a held sweep. The stuck listener waits on a latch the test releases at its end; the only
 * time that passes is the sweep's wait for its first call, {@link Listeners#WAIT}, once. Where no listener is stuck,
 * the wait is long enough that no loaded machine reaches it.
 */
@Timeout(60)
class ListenersTest {

  private static final String PASS = "com.acme.UserSession";
  private static final Instant CUTOFF = Instant.parse("2026-03-01T12:00:00Z");
  /** A wait for a call that only a stuck listener reaches. */
  private static final Duration PATIENT = Duration.ofSeconds(30);

  private final Logger log = Logger.getLogger(Listeners.class.getName());
  private final List<LogRecord> records = new CopyOnWriteArrayList<>();
  private final CountDownLatch returnedLogged = new CountDownLatch(1);
  private final Handler capture = new Handler() {
    @Override
    public void publish(LogRecord record) {
      records.add(record);
      if (record.getMessage().contains(" returned, and gets events again")) {
        returnedLogged.countDown();
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };

  @BeforeEach
  void captureLog() {
    log.addHandler(capture);
    log.setUseParentHandlers(false);
  }

  @AfterEach
  void releaseLog() {
    log.removeHandler(capture);
    log.setUseParentHandlers(true);
  }

  @Test
  void aListenerThatReturnsGetsEveryEventInOrderBeforeTheSweepGoesOn() {
    Recording recording = new Recording();
    List<String> seenWhenSent = new ArrayList<>();
    try (Listeners listeners = listeners(PATIENT, recording)) {
      for (int batch = 1; batch <= 200; batch++) {
        listeners.batchStarted(PASS, batch);
        listeners.batchCompleted(BatchReport.of(PASS, batch, 10, Duration.ofMillis(1), 10));
        seenWhenSent.add(recording.events.get(recording.events.size() - 1));
      }

      assertEquals(List.of(0L), listeners.missed());
    }

    List<String> expected = new ArrayList<>();
    List<String> last = new ArrayList<>();
    for (int batch = 1; batch <= 200; batch++) {
      expected.add("started " + batch);
      expected.add("completed " + batch);
      last.add("completed " + batch);
    }
    assertEquals(expected, recording.events);
    assertEquals(last, seenWhenSent, "each event was delivered before the next was sent");
    assertEquals(List.of(), records);
  }

  @Test
  void aListenerThatNeverReturnsMissesEventsInsteadOfHoldingTheSweep() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    StuckOnFirstEvent stuck = new StuckOnFirstEvent(release);
    Recording recording = new Recording();
    Listeners listeners = listeners(Listeners.WAIT, stuck, recording);
    try {
      listeners.sweepStarted(PASS, CUTOFF, false);
      for (int batch = 1; batch <= 1_000; batch++) {
        listeners.batchStarted(PASS, batch);
      }

      assertEquals(List.of(1_000L, 0L), listeners.missed(), "every event after the first went past it");
      assertEquals(1_001, recording.events.size(), "the other listener had them all");
      List<LogRecord> warnings = records.stream().filter(record -> record.getLevel() == Level.WARNING).toList();
      assertEquals(1, warnings.size(), "warned once: " + records.stream().map(LogRecord::getMessage).toList());
      assertEquals("Sweep listener " + StuckOnFirstEvent.class.getName() + " has not returned from sweepStarted of "
          + PASS + " within 1000 ms: sweeps go on without it, and the events it misses while it is busy are dropped and"
          + " counted (logged when it returns)", warnings.get(0).getMessage());
    } finally {
      release.countDown();
    }

    assertTrue(returnedLogged.await(30, TimeUnit.SECONDS), "it returned once released");
    assertTrue(records.stream().anyMatch(record -> record.getLevel() == Level.INFO && record.getMessage().equals(
        "Sweep listener " + StuckOnFirstEvent.class.getName() + " returned, and gets events again; it missed 1000"
            + " events while it was busy")));
    listeners.batchStarted(PASS, 1_001);
    assertTrue(stuck.nextBatch.await(30, TimeUnit.SECONDS), "events again once it returned");
    listeners.close();
    assertEquals(List.of("started", "batch 1001"), stuck.events);
  }

  @Test
  void aListenerThatThrowsChangesNothingForTheOthersOrTheSweep() {
    SweepListener throwing = new SweepListener() {
      @Override
      public void batchStarted(String pass, int number) {
        if (number % 2 == 0) {
          throw new StackOverflowError("listener");
        }
        throw new IllegalStateException("listener");
      }
    };
    Recording recording = new Recording();
    try (Listeners listeners = listeners(PATIENT, throwing, recording)) {
      for (int batch = 1; batch <= 4; batch++) {
        listeners.batchStarted(PASS, batch);
      }

      assertEquals(List.of(0L, 0L), listeners.missed());
    }

    assertEquals(List.of("started 1", "started 2", "started 3", "started 4"), recording.events);
    assertEquals(List.of(Level.WARNING, Level.SEVERE, Level.WARNING, Level.SEVERE),
        records.stream().map(LogRecord::getLevel).toList(), "each failure logged, an Error at ERROR");
  }

  private static Listeners listeners(Duration wait, SweepListener... application) {
    return new Listeners(List.of(), List.of(application), wait, work -> {
      Thread thread = new Thread(work, "listener-under-test");
      thread.setDaemon(true);
      return thread;
    });
  }

  private static final class Recording implements SweepListener {
    final List<String> events = new CopyOnWriteArrayList<>();

    @Override
    public void sweepStarted(String pass, Instant cutoff, boolean dryRun) {
      events.add("sweep");
    }

    @Override
    public void batchStarted(String pass, int number) {
      events.add("started " + number);
    }

    @Override
    public void batchCompleted(BatchReport batch) {
      events.add("completed " + batch.number());
    }
  }

  /** Does not return from its first event until the test releases it. */
  private static final class StuckOnFirstEvent implements SweepListener {
    final List<String> events = new CopyOnWriteArrayList<>();
    final CountDownLatch nextBatch = new CountDownLatch(1);
    private final CountDownLatch release;

    StuckOnFirstEvent(CountDownLatch release) {
      this.release = release;
    }

    @Override
    public void sweepStarted(String pass, Instant cutoff, boolean dryRun) {
      events.add("started");
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    @Override
    public void batchStarted(String pass, int number) {
      events.add("batch " + number);
      nextBatch.countDown();
    }
  }
}
