package dev.retention.runtime;

/**
 * Whether the running runtime treats one entity instance as expired now ({@link RetentionPolicy#expiryOf(Object)}):
 * what a sweep at this instant would do with its row, judged in Java from the instance's values.
 */
public enum Expiry {

  /** Not expired: its date is null, after its cutoff, or its window is never. A sweep now keeps the row. */
  LIVE,

  /**
   * Expired: its date is at or before the cutoff of its window, and its pass has no condition. A sweep now deletes it.
   */
  EXPIRED,

  /**
   * Its date is at or before its cutoff, and its pass has a condition ({@code @Ttl(when = ...)}), which is JPQL and is
   * not evaluated in Java: the row is expired exactly when the condition holds for it (true; false and unknown keep
   * it). Ask the database ({@link RetentionPolicy#liveJpql(String)}), or treat it as your reads must.
   */
  EXPIRED_IF_CONDITION_HOLDS
}
