package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.internal.database.CatalogFacts;
import dev.retention.runtime.internal.database.ScopeColumns;
import dev.retention.runtime.internal.pass.ScopeComparison;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

/**
 * What the look across {@code @TenantId} values rests on in the database's catalog, read again before each look: the
 * kind of the table, and the tenant column's type and collation, which decide whether a tenant value the database
 * returns equals in Java the one a tenant's session binds. One catalog statement ({@link CatalogFacts}) in the look's
 * own connection; only where it reads otherwise than when last judged, the column's comparison is asked again (one
 * more). A migration run without a restart (the column given a case-insensitive collation or a {@code char(n)} type,
 * the table made a view) thus makes the look step aside before the look it would mislead, and one that makes the
 * column exact again brings it back.
 */
final class TenantColumnWatch {

  private final CatalogFacts facts;
  private final ScopeColumns comparisons;
  private final String table;
  private final String column;
  private final Class<?> javaType;
  /** The facts the look was last judged on. */
  private String judgedOn;
  /** Why the look cannot be trusted on those facts; empty: it can. */
  private Optional<String> untrusted = Optional.empty();

  /**
   * @param judgedOn the facts as read before the look was judged at {@code build()}, where it was found exact
   * @param javaType the {@code @TenantId} attribute's Java type, boxed
   */
  TenantColumnWatch(CatalogFacts facts, ScopeColumns comparisons, String table, String column, Class<?> javaType,
      String judgedOn) {
    this.facts = facts;
    this.comparisons = comparisons;
    this.table = table;
    this.column = column;
    this.javaType = javaType;
    this.judgedOn = judgedOn;
  }

  /**
   * Why the look cannot be trusted now, read through {@code connection}; empty when it can.
   *
   * @throws SQLException when the catalog cannot be read: the look fails, and every tenant is visited
   */
  synchronized Optional<String> untrusted(Connection connection) throws SQLException {
    String now = facts.read(connection, table, Optional.of(column));
    if (!now.equals(judgedOn)) {
      untrusted = judge(connection, now);
      judgedOn = now;
    }
    return untrusted;
  }

  private Optional<String> judge(Connection connection, String now) throws SQLException {
    Optional<String> kind = facts.lookRefusal(now);
    if (kind.isPresent()) {
      return kind;
    }
    ScopeComparison comparison = comparisons.comparison(connection, table, column, javaType);
    return comparison.exact() ? Optional.empty()
        : Optional.of("its tenant column is not known to compare exactly: " + comparison.why());
  }
}
