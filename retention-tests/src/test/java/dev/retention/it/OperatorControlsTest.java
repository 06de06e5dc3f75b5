package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.SessionToken;
import dev.retention.it.support.EveryProvider;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.Jpa;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.SweepThrottle;
import dev.retention.runtime.health.RetentionView;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The operator's controls as an application uses them: a throttle given to the builder and replaced at run time, the
 * rows-a-second ceiling from configuration and changed at run time (shown in the settings and the view), and a replica
 * limit where there is no replica to read, which fails the build. The throttle's holds end at once here
 * ({@code max-hold-per-sweep=0}): nothing waits.
 */
@EveryProvider
class OperatorControlsTest extends H2Fixture {

  /** The throttle holds sweeps on purpose; the runtime warns of a sweep it ended. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention")
      .allow("A sweep of .* ends with work remaining: throttle");

  private static final RetentionOptions NO_WAIT = RetentionOptions.empty().withMaxHoldPerSweep(Duration.ZERO);

  @Test
  void aThrottleHoldsEverySweepUntilTheApplicationReplacesIt() {
    persistExpiredSessions(1, 30);
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).defaults(NO_WAIT)
        .throttle(pass -> Optional.of("maintenance window")).build()) {
      SweepReport held = retention.sweep(SESSIONS);

      assertEquals(0, held.deleted());
      assertTrue(held.workRemains(), held.toString());
      assertEquals(Optional.of("throttle: maintenance window"), held.heldBy());
      assertEquals("throttle: maintenance window", RetentionView.report(held).get("heldBy"));
      assertEquals(30, Jpa.count(emf, SessionToken.class));

      retention.throttle(SweepThrottle.NEVER_HOLDS);
      SweepReport released = retention.sweep(SESSIONS);

      assertEquals(30, released.deleted());
      assertEquals(Optional.empty(), released.heldBy());
      assertEquals(Duration.ZERO, released.heldFor());
    }
  }

  @Test
  void theRowsPerSecondCeilingComesFromConfigurationAndChangesAtRunTime() {
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock)
        .configuration(Map.of("retention.defaults.max-rows-per-second", "5000")).build()) {
      assertEquals(5000, retention.settings(SESSIONS).maxRowsPerSecond());

      retention.maxRowsPerSecond(SESSIONS, 200);

      assertEquals(200, retention.settings(SESSIONS).maxRowsPerSecond());
      assertEquals(5000, retention.settings(AUDIT).maxRowsPerSecond(), "the other pass keeps its own");
      IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
          () -> retention.maxRowsPerSecond(SESSIONS, -1));
      assertTrue(refused.getMessage().contains("max-rows-per-second"), refused.getMessage());
    }
  }

  @Test
  void aReplicaLimitWithNoReplicaToReadFailsTheBuildNamingThePassAndTheKey() {
    RetentionConfigurationException refused = assertThrows(RetentionConfigurationException.class,
        () -> RetentionRuntime.builder(emf).clock(clock)
            .configuration(Map.of("retention." + SESSIONS + ".max-replica-lag", "2s")).build());

    assertTrue(refused.getMessage().contains(SESSIONS) && refused.getMessage().contains("max-replica-lag = 2s")
        && refused.getMessage().contains("no replica to read"), refused.getMessage());
  }
}
