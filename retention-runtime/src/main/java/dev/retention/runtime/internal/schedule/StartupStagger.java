package dev.retention.runtime.internal.schedule;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Spreads the first sweeps of many passes (and many instances) across a window, by a hash of the pass name: the same
 * offset on every instance and across restarts, different offsets for different passes.
 */
public final class StartupStagger {

  private static final int FNV_OFFSET_BASIS = 0x811c9dc5;
  private static final int FNV_PRIME = 0x01000193;

  private StartupStagger() {}

  /** FNV-1a, 32 bits, over the UTF-8 bytes of {@code text}. */
  public static int fnv1a32(String text) {
    int hash = FNV_OFFSET_BASIS;
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      hash ^= b & 0xff;
      hash *= FNV_PRIME;
    }
    return hash;
  }

  /** The delay before the first sweep of {@code pass}: its hash, unsigned, modulo the window in milliseconds. */
  public static Duration offset(String pass, Duration maxStagger) {
    long windowMillis = maxStagger.toMillis();
    if (windowMillis <= 0) {
      return Duration.ZERO;
    }
    return Duration.ofMillis(Integer.toUnsignedLong(fnv1a32(pass)) % windowMillis);
  }
}
