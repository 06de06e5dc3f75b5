package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A listener that never returns holds no sweep: it misses the events that come while it is stuck, the other listeners
 * still get every one in order, and the background sweeps go on until the table is drained. Before, it held the
 * sweeper thread for good: no pass swept again, and {@code close()} waited out its timeout. The stuck listener waits on
 * a latch the test releases at its end.
 */
@Timeout(120)
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class StuckListenerTest {

  /** A listener stuck on purpose; the runtime warns that it is busy and what it missed. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention")
      .expectInEachTest("Sweep listener .* has not returned from ")
      .allow("Sweep listener .* was still busy when the runtime closed");

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String SESSIONS = SessionToken.class.getName();

  @Parameter
  TestDatabase.Kind kind;

  final TestClock clock = new TestClock(NOW);
  final RecordingListener recording = new RecordingListener();
  final CountDownLatch release = new CountDownLatch(1);
  TestDatabase database;
  EntityManagerFactory emf;

  @BeforeEach
  void openDatabase() {
    database = TestDatabase.create(kind);
    emf = Jpa.factory(database, List.of(SessionToken.class));
    // 1..10 expired, 11 not yet.
    List<SessionToken> sessions = new ArrayList<>();
    for (long id = 1; id <= 10; id++) {
      sessions.add(new SessionToken(id, NOW.minus(Duration.ofMinutes(id))));
    }
    sessions.add(new SessionToken(11, NOW.plus(Duration.ofDays(1))));
    Jpa.persistAll(emf, sessions);
  }

  @AfterEach
  void closeDatabase() throws Exception {
    release.countDown();
    if (database == null) {
      return; // skipped before it was created (-Dtest.databases)
    }
    emf.close();
    database.close();
  }

  /** Batches of 2 and one batch a sweep: the backlog takes six background sweeps, each due at once after the last. */
  @Test
  void aListenerThatNeverReturnsLeavesTheBackgroundSweepsGoing() throws Exception {
    SweepListener stuck = new SweepListener() {
      @Override
      public void batchCompleted(BatchReport batch) {
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    };

    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock)
        .listener(stuck)
        .listener(recording)
        .closeTimeout(Duration.ofMinutes(1))
        .defaults(RetentionOptions.empty().withBatchSize(2).withMaxBatchesPerSweep(1)
            .withMaxStartupStagger(Duration.ZERO))
        .build().start()) {
      recording.awaitSweeps(6);
    }

    assertEquals(List.of(2L, 2L, 2L, 2L, 2L, 0L),
        recording.sweeps.stream().map(SweepReport::deleted).toList(), "the other listener had every sweep");
    assertTrue(recording.sweeps.stream().allMatch(SweepReport::succeeded), recording.sweeps::toString);
    assertEquals(List.of("built SessionToken", "started SessionToken", "batch 1 SessionToken",
        "batch 1 done SessionToken 2", "finished SessionToken"), recording.events.subList(0, 5), "in order");
    assertEquals(Set.of(11L), ids());
  }

  private Set<Long> ids() {
    return Jpa.inTransaction(emf, em -> new TreeSet<>(
        em.createQuery("select s.id from SessionToken s", Long.class).getResultList()));
  }
}
