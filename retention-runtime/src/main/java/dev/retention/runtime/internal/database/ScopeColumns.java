package dev.retention.runtime.internal.database;

import dev.retention.runtime.internal.pass.ScopeComparison;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * One database's catalog of how it compares a scope column with the values bound for it: exactly (equal in the
 * database exactly when equal in Java), or why not ({@link ScopeComparison}). Exactness is a fact of the Java type and
 * the column's type together: a {@code String} bound for a {@code uuid} or {@code integer} column compares as a UUID or
 * a number there, where {@code "A0EE..."} and {@code "a0ee..."}, or {@code "007"} and {@code "7"}, are one. Read once a
 * scoped pass at {@code build()}, where the provider names the column, and again when the catalog changes; a database
 * without one is never taken to compare exactly.
 */
public interface ScopeColumns {

  /**
   * How the database compares {@code column} of {@code table}, both as the provider's statements name them (a name
   * quoted there is quoted here), with a value of {@code javaType} (boxed) bound for it.
   *
   * @throws SQLException when the catalog cannot be read: the comparison is then taken as not exact
   */
  ScopeComparison comparison(Connection connection, String table, String column, Class<?> javaType)
      throws SQLException;
}
