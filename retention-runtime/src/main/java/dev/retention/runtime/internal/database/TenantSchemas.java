package dev.retention.runtime.internal.database;

/**
 * How a database answers, in one statement, which of many schemas on one server hold rows of a table: the statement
 * that says where a session finds a table (the server, the database and the schema its unqualified name resolves to),
 * and how a schema is named in SQL. Stated by the profiles whose server holds tenants as schemas (PostgreSQL).
 */
public interface TenantSchemas {

  /**
   * A native query of one row, two columns: the server and database of the session (as one text, compared for
   * equality only), and the schema the table named by the parameter {@code :table} resolves to in that session, as the
   * catalog holds its name; no row where the table is not found.
   */
  String homeQuery();

  /** {@code schema}, a name as the catalog holds it, quoted as an identifier: exactly that schema, whatever it holds. */
  String quoted(String schema);

  /** A select of {@code value} when {@code condition} holds, with no table: {@code select 3 where exists (...)}. */
  String selectWhen(int value, String condition);
}
