package dev.retention.runtime.internal.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class StartupStaggerTest {

  @Test
  void fnv1a32MatchesTheReferenceVectors() {
    // From the FNV reference test suite (draft-eastlake-fnv, test vectors for FNV-1a 32-bit).
    assertEquals(0x811c9dc5, StartupStagger.fnv1a32(""));
    assertEquals(0xe40c292c, StartupStagger.fnv1a32("a"));
    assertEquals(0xbf9cf968, StartupStagger.fnv1a32("foobar"));
  }

  @Test
  void theOffsetIsTheUnsignedHashModuloTheWindow() {
    Duration window = Duration.ofMinutes(1);

    assertEquals(Duration.ofMillis(Integer.toUnsignedLong(0xbf9cf968) % 60_000), StartupStagger.offset("foobar",
        window));
    assertEquals(Duration.ZERO, StartupStagger.offset("foobar", Duration.ZERO));
  }

  @Test
  void twoPassesGetDifferentOffsetsAndARestartTheSameOnes() {
    Duration window = Duration.ofMinutes(1);
    Duration audit = StartupStagger.offset("com.acme.AuditLogEntry", window);
    Duration session = StartupStagger.offset("com.acme.UserSession", window);

    assertNotEquals(audit, session);
    assertEquals(audit, StartupStagger.offset("com.acme.AuditLogEntry", window), "the same after a restart");
    assertTrue(audit.compareTo(window) < 0 && !audit.isNegative());
  }
}
