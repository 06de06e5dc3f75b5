package dev.retention.runtime.internal.shape;

import dev.retention.runtime.internal.transaction.JpaHints;
import jakarta.persistence.LockModeType;
import jakarta.persistence.Query;

/** The locks a shape asks for through JPA. */
public final class JpaLocks {

  /** Hibernate's lock timeout for "skip the rows that are locked" ({@code LockOptions.SKIP_LOCKED}). */
  private static final int SKIP_LOCKED = -2;

  private JpaLocks() {}

  /** {@code query} locking the rows it reads for writing, skipping those another transaction holds (Hibernate). */
  public static Query skippingLocked(Query query) {
    return query.setLockMode(LockModeType.PESSIMISTIC_WRITE).setHint(JpaHints.LOCK_TIMEOUT, SKIP_LOCKED);
  }
}
