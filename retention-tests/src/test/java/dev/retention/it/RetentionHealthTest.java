package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.support.Jpa;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.health.RetentionHealth;
import dev.retention.runtime.health.RetentionHealth.Status;
import dev.retention.runtime.health.SweepHistory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The one health model every integration adapts, judged over real sweeps: failures in a row against the threshold,
 * no pass at all, and a failure that escaped the sweep machinery.
 */
@Timeout(60)
class RetentionHealthTest extends H2Fixture {

  final SweepHistory history = new SweepHistory();
  /** The failures these tests cause on purpose are logged; they stay off the console. */
  private final Logger runtimeLog = Logger.getLogger("dev.retention");

  @BeforeEach
  void quietTheExpectedFailures() {
    runtimeLog.setUseParentHandlers(false);
  }

  @AfterEach
  void restoreTheLog() {
    runtimeLog.setUseParentHandlers(true);
  }

  @Test
  void isUpUntilAPassFailsThreeSweepsInARowAndThenFailingWithThePassNamed() {
    try (RetentionRuntime retention = runtime().build()) {
      RetentionHealth fresh = RetentionHealth.of(retention, history, 3);
      assertEquals(Status.UP, fresh.status());
      assertEquals(2, fresh.details().get("passes"));

      dropTheSessionTable();
      failedSweep(retention);
      failedSweep(retention);
      RetentionHealth afterTwo = RetentionHealth.of(retention, history, 3);
      assertEquals(Status.UP, afterTwo.status(), "two failures in a row are below the threshold");
      assertEquals(List.of(SESSIONS), List.copyOf(afterTwo.failingPasses().keySet()),
          "a failing pass shows before it reaches the threshold");

      failedSweep(retention);
      RetentionHealth afterThree = RetentionHealth.of(retention, history, 3);
      assertEquals(Status.FAILING, afterThree.status());
      Map<?, ?> failing = (Map<?, ?>) ((Map<?, ?>) afterThree.details().get("failingPasses")).get(SESSIONS);
      assertEquals(3, failing.get("consecutiveFailures"));
      assertTrue(((String) failing.get("lastFailure")).toLowerCase().contains("session_token"), failing::toString);
      assertEquals(Status.UP, RetentionHealth.of(retention, history, 4).status(), "the threshold is the caller's");
    }
  }

  @Test
  void withNoPassItSaysSoWithoutFailing() {
    try (RetentionRuntime retention = runtime().registries(List.of()).build()) {
      RetentionHealth health = RetentionHealth.of(retention, history, 3);

      assertEquals(Status.NO_PASS, health.status());
      assertEquals(0, health.details().get("passes"));
      assertTrue(health.problem().orElseThrow().contains("annotationProcessorPaths"), health::toString);
      assertEquals(health.problem().orElseThrow(), health.details().get("problem"));
    }
  }

  @Test
  void aFailureThatEscapedABackgroundSweepMakesItFailing() throws Exception {
    CountDownLatch recorded = new CountDownLatch(1);
    ThrowingListenerTest.ClockFailingInASweep failing =
        new ThrowingListenerTest.ClockFailingInASweep(clock, recorded::countDown);

    try (RetentionRuntime retention = runtime().clock(failing).build().start()) {
      assertTrue(recorded.await(30, TimeUnit.SECONDS), "the background sweep never read the clock");

      RetentionHealth health = RetentionHealth.of(retention, history, 3);
      assertEquals(Status.FAILING, health.status());
      assertTrue(health.failingPasses().isEmpty(), "the sweep's listeners never heard of it: " + health);
      assertEquals("java.lang.StackOverflowError: clock", health.details().get("unexpectedFailure"));
    }
  }

  private RetentionRuntime.Builder runtime() {
    return RetentionRuntime.builder(emf).clock(clock).listener(history)
        .defaults(RetentionOptions.empty().withMaxStartupStagger(Duration.ZERO));
  }

  private void dropTheSessionTable() {
    Jpa.inTransaction(emf, em -> em.createNativeQuery("drop table session_token").executeUpdate());
  }

  private static void failedSweep(RetentionRuntime retention) {
    assertTrue(retention.sweep(SESSIONS).failure().isPresent(), "the sweep of a dropped table fails");
  }
}
