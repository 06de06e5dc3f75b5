package dev.retention.runtime.internal.database;

/**
 * PostgreSQL's {@link TenantSchemas}: {@code to_regclass} resolves the table's name as the session's
 * {@code search_path} does, {@code pg_namespace} names its schema, and the server is its address, port and database.
 */
final class PostgresTenantSchemas implements TenantSchemas {

  @Override
  public String homeQuery() {
    return "select coalesce(host(inet_server_addr()), 'local') || ':' || coalesce(inet_server_port(), 0) || '/'"
        + " || current_database(), n.nspname from pg_catalog.pg_class c join pg_catalog.pg_namespace n"
        + " on n.oid = c.relnamespace where c.oid = to_regclass(cast(:table as text))";
  }

  @Override
  public String quoted(String schema) {
    return '"' + schema.replace("\"", "\"\"") + '"';
  }

  @Override
  public String selectWhen(int value, String condition) {
    return "select " + value + " where " + condition;
  }
}
