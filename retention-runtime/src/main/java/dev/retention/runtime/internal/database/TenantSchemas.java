package dev.retention.runtime.internal.database;

/**
 * How a database answers, in one statement, which of many schemas on one server hold rows of a table: the statement
 * that says where a session finds a table (the server, the database and the schema its unqualified name resolves to),
 * and how a schema is named in SQL. Stated by the profiles whose server holds tenants as schemas: PostgreSQL's schemas
 * of one database, and MariaDB's databases, which are its schemas. H2 states none: its sessions resolve a name along a
 * search path its catalog does not answer for, and an embedded database's statements cost no round trip.
 */
public interface TenantSchemas {

  /**
   * A native query of one row, two columns: what the session's statements reach (as one text, compared for equality
   * only: the server and database on PostgreSQL, the server and the session's account on MariaDB), and the schema the
   * table named by the parameter {@code :table} resolves to in that session, as the catalog holds its name; no row
   * where the table is not found.
   */
  String homeQuery();

  /** {@code schema}, a name as the catalog holds it, quoted as an identifier: exactly that schema, whatever it holds. */
  String quoted(String schema);

  /** A select of {@code value} when {@code condition} holds, with no table: {@code select 3 where exists (...)}. */
  String selectWhen(int value, String condition);
}
