package dev.retention.runtime;

/**
 * The statements a pass deletes with, chosen when the runtime is built ({@link PassSettings#statementShape()}): the
 * fastest the provider and database allow that keeps exactly the rows the portable JPQL keeps. The start-up line says
 * which, and why faster ones stepped aside.
 */
public enum StatementShape {

  /** PostgreSQL: one native statement a batch, deleting the oldest expired rows by their physical address. */
  POSTGRESQL_CTID("PostgreSQL ctid"),

  /**
   * PostgreSQL and MySQL, for large batches: an index probe finds the expiry of the batch's last row, then one delete
   * takes the rows before it, the whole predicate applied. It waits on rows others hold, within a short lock timeout; a
   * pass whose batch meets one goes on with the shape it would have had otherwise. (MariaDB takes the ordered delete.)
   */
  RANGE_STATEMENT("range statement"),

  /**
   * MariaDB, where an index leads with the {@code @Ttl} column: one native delete a batch, of the oldest expired rows in
   * that index's order, bounded by a limit ({@code delete … where ttl <= ? order by ttl, id limit ?}), naming no key. It
   * waits on rows others hold for at most a second; a sweep whose batch meets one goes on with the shape the pass would
   * have had otherwise.
   */
  ORDERED_DELETE("ordered delete with a limit"),

  /** PostgreSQL, MariaDB and MySQL: JPQL whose batches lock their rows as they select them, skipping rows held. */
  SKIP_LOCKED("JPQL with SKIP LOCKED"),

  /**
   * MariaDB, for a text, UUID or composite key: the portable JPQL's selection of the batch's keys, then one native
   * delete that lists them as rows of their columns, the predicate applied again.
   */
  NATIVE_KEY_DELETE("native delete by keys"),

  /**
   * Hibernate's {@code @SoftDelete} entities, on every database: native statements that see marked rows too and delete
   * the expired ones for real, where a JPQL delete would only mark them.
   */
  SOFT_DELETE_PURGE("native purge past @SoftDelete"),

  /** A pass with a before-delete hook: JPQL that locks the batch's rows and hands them to the hook. */
  BEFORE_DELETE_HOOK("JPQL with rows locked for a before-delete hook"),

  /** JPQL alone, on every provider and database. */
  PORTABLE_JPQL("portable JPQL");

  private final String description;

  StatementShape(String description) {
    this.description = description;
  }

  /** What the start-up line calls it: {@code "PostgreSQL ctid"}, {@code "portable JPQL"}, ... */
  public String description() {
    return description;
  }

  @Override
  public String toString() {
    return description;
  }
}
