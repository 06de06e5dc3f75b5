package dev.retention.runtime.internal.lock;

import java.nio.charset.StandardCharsets;

/**
 * The names of the passes' locks, derived from the pass name (and on MariaDB and MySQL the schema), so that every
 * instance and every restart takes the same lock for the same pass.
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
   * PostgreSQL's advisory lock key of {@code pass} in {@code schema}, the connection's current schema: an advisory lock
   * is the database's, so two runtimes of one database each over a schema of its own (one per tenant) must not take
   * the same key and skip each other's sweeps. In {@code public}, or with no schema, the key of the pass alone, as
   * before schemas were named, so that instances of an earlier version and this one still take the same lock.
   */
  public static long advisoryKey(String schema, String pass) {
    return schema == null || schema.isEmpty() || schema.equals("public") ? advisoryKey(pass)
        : advisoryKey(schema + "/" + pass);
  }

  /**
   * The {@code GET_LOCK} name of {@code pass} in {@code schema} on MariaDB and MySQL: {@code "retention:"}, the
   * advisory key of the schema and the pass in hex, and as much of the end of the pass name as fits in 64 characters,
   * so that a lock seen in the server's lists names its pass. The schema is in it because those locks are the server's,
   * not the database's (PostgreSQL's advisory locks are the database's own): two applications, or two tenants' schemas,
   * with the same entity on one server must not skip each other's sweeps.
   *
   * @param schema the connection's current schema ({@code DATABASE()}); null when none is selected
   */
  public static String lockName(String schema, String pass) {
    String head = PREFIX + Long.toHexString(advisoryKey((schema == null ? "" : schema) + "/" + pass)) + ":";
    int room = MAX_NAME_LENGTH - head.length();
    return head + (pass.length() <= room ? pass : pass.substring(pass.length() - room));
  }
}
