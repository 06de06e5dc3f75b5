package dev.retention.runtime.internal.transaction;

/** The standard JPA properties and hints the runtime sets, named once. */
public final class JpaHints {

  /** JPA's query timeout, in milliseconds; providers apply it to every statement of the entity manager. */
  public static final String QUERY_TIMEOUT = "jakarta.persistence.query.timeout";

  /**
   * JPA's lock timeout, in milliseconds; providers apply it to pessimistic locks. Hibernate reads {@code -2} on a query
   * as "skip the rows that are locked".
   */
  public static final String LOCK_TIMEOUT = "jakarta.persistence.lock.timeout";

  private JpaHints() {}
}
