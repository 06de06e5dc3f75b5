package dev.retention.runtime.internal.lock;

import java.nio.charset.StandardCharsets;

/**
 * The names of the passes' locks, derived from the pass name alone, so that every instance and every restart takes the
 * same lock for the same pass.
 */
public final class LockKeys {

  /** MariaDB and MySQL refuse a lock name longer than this. */
  static final int MAX_NAME_LENGTH = 64;

  private static final String PREFIX = "retention:";

  private LockKeys() {}

  /**
   * PostgreSQL's advisory lock key of {@code pass}: FNV-1a (64-bit) of {@code "retention:"} and the pass name. The
   * prefix keeps it apart from a key the application derives from the same name.
   */
  public static long advisoryKey(String pass) {
    long hash = 0xcbf29ce484222325L;
    for (byte b : (PREFIX + pass).getBytes(StandardCharsets.UTF_8)) {
      hash ^= b & 0xff;
      hash *= 0x100000001b3L;
    }
    return hash;
  }

  /**
   * The {@code GET_LOCK} name of {@code pass} on MariaDB and MySQL: {@code "retention:"}, the advisory key in hex, and
   * as much of the end of the pass name as fits in 64 characters, so that a lock seen in the server's lists names
   * its pass.
   */
  public static String lockName(String pass) {
    String head = PREFIX + Long.toHexString(advisoryKey(pass)) + ":";
    int room = MAX_NAME_LENGTH - head.length();
    return head + (pass.length() <= room ? pass : pass.substring(pass.length() - room));
  }
}
