package dev.retention.runtime.internal.database;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

/**
 * What a database's catalog says of one table that a pass's native statements were chosen on: whether it is a plain
 * table (no partitions, no inheriting children), the scope column's type and collation, the indexes. Read in one
 * statement, at {@code build()} and again at each sweep: the facts as they stand are compared with those the pass's
 * statements were chosen on, and where they differ (a migration run without a restart: a collation changed, the table
 * partitioned), the pass's statements are chosen again before its batches run.
 */
public interface CatalogFacts {

  /**
   * The facts of {@code table} (and its {@code column}, where the pass has a scope), as a text equal to the last one
   * read exactly when nothing a native statement relies on changed; both named as the provider's statements name them.
   */
  String read(Connection connection, String table, Optional<String> column) throws SQLException;

  /**
   * Why a look across tenants, which reads the table natively, is not proven over a table of which the catalog says
   * {@code facts} ({@link #read}'s text): a relation of a kind the look was not tested on, or none; empty where it is.
   * Not read, by default: no look rests on a catalog that does not say.
   */
  default Optional<String> lookRefusal(String facts) {
    return Optional.of("the kind of its table is not read from this database's catalog");
  }
}
