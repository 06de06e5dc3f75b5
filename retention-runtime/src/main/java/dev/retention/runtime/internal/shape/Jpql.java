package dev.retention.runtime.internal.shape;

import dev.retention.runtime.internal.pass.ConditionReads;
import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.pass.PassModel;

/**
 * The JPQL every shape and every read of a sweep runs, built from one {@link ExpiredRows predicate}: the only place a
 * statement's text is written. Each statement that selects or deletes by the date applies the whole predicate.
 */
public final class Jpql {

  private Jpql() {}

  private static String from(ExpiredRows rows) {
    return " from " + rows.pass().entityName() + " e where " + rows.jpql();
  }

  private static String oldestFirst(PassModel pass) {
    return " order by e." + pass.ttlAttribute() + ", e." + pass.idAttribute();
  }

  /**
   * The keys of the expired rows, oldest first; for one scope of a scoped pass, each row's scope value after its key,
   * so that the batch sees which values the database matched.
   */
  public static String selectKeys(ExpiredRows rows) {
    return "select " + rows.pass().keys().selectList() + scopeColumn(rows) + from(rows) + oldestFirst(rows.pass());
  }

  /**
   * The oldest expired rows, each as its entity, then its key's columns, then (for one scope of a scoped pass) its
   * scope value: for a batch that locks its entities as it selects them.
   */
  public static String selectEntities(ExpiredRows rows) {
    return "select e, " + rows.pass().keys().selectList() + scopeColumn(rows) + from(rows) + oldestFirst(rows.pass());
  }

  /** Whether {@link #selectKeys} and {@link #selectEntities} add each row's scope value. */
  public static boolean selectsScope(ExpiredRows rows) {
    return !rows.scopes().isAll();
  }

  private static String scopeColumn(ExpiredRows rows) {
    return selectsScope(rows) ? ", e." + rows.pass().scopeAttribute().orElseThrow() : "";
  }

  /** Deletes the listed rows that are still expired: a row whose date, condition or scope moved stays. */
  public static String deleteByKeys(ExpiredRows rows, int keys) {
    return "delete from " + rows.pass().entityName() + " e where " + rows.pass().keys().match(keys) + " and "
        + rows.jpql();
  }

  /**
   * The keys of the listed rows that are still expired, as {@link #selectKeys} lists them: for a batch that holds them,
   * and every row the predicate reads, to judge once more before it deletes them by key ({@link #deleteByKeysAlone}).
   */
  public static String keysStillExpired(ExpiredRows rows, int keys) {
    return "select " + rows.pass().keys().selectList() + " from " + rows.pass().entityName() + " e where "
        + rows.pass().keys().match(keys) + " and " + rows.jpql();
  }

  /**
   * Deletes the listed rows by their key alone: rows the batch holds and has just found still expired by a select, with
   * every row its condition reads held too ({@link ShapeSteps#deleteHeld}). A delete that follows a to-one path is
   * written by the provider as {@code where exists (select … join …)} over the whole table on some databases (H2: a
   * scan of the table for every batch); this one reads only the listed rows.
   */
  public static String deleteByKeysAlone(PassModel pass, int keys) {
    return "delete from " + pass.entityName() + " e where " + pass.keys().match(keys);
  }

  /** Each listed row that is still expired, oldest first, to be locked: the entity, then its key. */
  public static String entitiesByKeys(ExpiredRows rows, int keys) {
    return "select e, " + rows.pass().keys().selectList() + " from " + rows.pass().entityName() + " e where "
        + rows.pass().keys().match(keys) + " and " + rows.jpql() + oldestFirst(rows.pass());
  }

  /**
   * Each listed row that is still expired, oldest first, to be locked: its id as the entity's id type (what a hook is
   * given), then, for a composite id, its key's columns.
   */
  public static String idsByKeys(ExpiredRows rows, int keys) {
    PassModel pass = rows.pass();
    return "select e." + pass.idAttribute() + (pass.keys().composite() ? ", " + pass.keys().selectList() : "")
        + " from " + pass.entityName() + " e where " + pass.keys().match(keys) + " and " + rows.jpql()
        + oldestFirst(pass);
  }

  /** How many of the listed rows are still expired. */
  public static String countByKeys(ExpiredRows rows, int keys) {
    return "select count(e) from " + rows.pass().entityName() + " e where " + rows.pass().keys().match(keys) + " and "
        + rows.jpql();
  }

  /**
   * The rows a to-one association the condition follows leads to from the listed rows, to be locked for reading: the
   * associated entity is the query's root, so that the lock falls on its rows.
   */
  public static String associatedByKeys(PassModel pass, ConditionReads.ToOne toOne, int keys) {
    return "select a from " + toOne.targetEntity() + " a where exists (select e from " + pass.entityName()
        + " e where e." + toOne.attribute() + " = a and " + pass.keys().match(keys) + ")";
  }

  /**
   * The range statement's probe: the {@code @Ttl} attribute of the expired rows in order, of which the caller reads the
   * one at the batch's size (an index-only scan where the index covers it).
   */
  public static String probeRangeEnd(ExpiredRows rows) {
    return "select e." + rows.pass().ttlAttribute() + from(rows) + " order by e." + rows.pass().ttlAttribute();
  }

  /**
   * The range statement's delete: the expired rows whose attribute is before {@code :rangeEnd}, the whole predicate
   * applied, so the rows it takes are a subset of those the predicate allows.
   */
  public static String deleteBefore(ExpiredRows rows) {
    return "delete" + from(rows) + " and e." + rows.pass().ttlAttribute() + " < :rangeEnd";
  }

  /** Every expired row, in one statement: for a backlog smaller than one batch. */
  public static String deleteExpired(ExpiredRows rows) {
    return "delete" + from(rows);
  }

  /** How many rows are expired. */
  public static String countExpired(ExpiredRows rows) {
    return "select count(e)" + from(rows);
  }

  /** How many rows have a {@code @Ttl} value below {@code :bound}, or above it. */
  public static String countOutside(PassModel pass, boolean above) {
    return "select count(e) from " + pass.entityName() + " e where e." + pass.ttlAttribute()
        + (above ? " > :bound" : " < :bound");
  }

  /** The least and the greatest value of the {@code @Ttl} attribute, over every row. */
  public static String range(PassModel pass) {
    return "select min(e." + pass.ttlAttribute() + "), max(e." + pass.ttlAttribute() + ") from " + pass.entityName()
        + " e";
  }

  /** The attribute of the oldest expired row. */
  public static String oldestExpired(ExpiredRows rows) {
    return "select min(e." + rows.pass().ttlAttribute() + ")" + from(rows);
  }

  /**
   * The spellings stored for the scope values {@code :values}: every value of the scope attribute the database matches
   * for one of them ({@code ACME} and {@code acme} under a case-insensitive collation). With {@code hashed}, each beside
   * the {@code md5} of its bytes, for databases whose {@code DISTINCT} would merge the spellings.
   */
  public static String scopeSpellings(PassModel pass, boolean hashed) {
    String scope = "e." + pass.scopeAttribute().orElseThrow();
    return "select distinct " + scope + (hashed ? ", function('md5', " + scope + ")" : "") + " from "
        + pass.entityName() + " e where " + scope + " in :values";
  }

  /**
   * Each scope value with rows {@code rows} (over all scopes) holds for, beside the oldest such row's {@code @Ttl}
   * attribute and how many rows it holds for: one grouped read finds which scopes have rows expired under their own
   * windows, and about how many, whatever the number of scopes. The rows without a value are a group of their own.
   * The rows are counted by their {@code @Ttl} attribute, never null where the predicate holds, rather than by their
   * key, so that an index on the scope and the {@code @Ttl} columns answers it alone (PostgreSQL: an index-only scan,
   * half the time of the table's scan at 200,000 rows, docs/PERFORMANCE.md run L).
   */
  public static String expiredByScope(ExpiredRows rows) {
    PassModel pass = rows.pass();
    String scope = "e." + pass.scopeAttribute().orElseThrow();
    String ttl = "e." + pass.ttlAttribute();
    return "select " + scope + ", min(" + ttl + "), count(" + ttl + ")" + from(rows) + " group by " + scope;
  }
}
