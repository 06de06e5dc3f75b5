package dev.retention.runtime.internal.database;

/**
 * MariaDB's {@link TenantSchemas}, where a tenant's schema is a database of the server: a session's unqualified table
 * name resolves to its current database ({@code DATABASE()}) alone, which {@code information_schema.tables} says holds
 * the table, compared as the server compares table names ({@code lower_case_table_names}: exactly where it is 0). A
 * session reaches every database of its server that its account may read, so the server is its host name, port and
 * {@code server_uid} (a hash of a network card's hardware address and the port, where the server has it) with the
 * session's account and time zone: tenants whose sessions connect as other accounts are looked at apart, never with
 * another account's privileges, and so are those whose sessions read a cutoff for a {@code timestamp} column in another
 * zone.
 */
final class MariaDbTenantSchemas implements TenantSchemas {

  /** The table as the server names it: Hibernate's name, its backticks taken off where it is quoted. */
  private static final String TABLE = "(case when :table like '`%`' then replace(substring(:table, 2,"
      + " char_length(:table) - 2), '``', '`') else :table end)";

  @Override
  public String homeQuery() {
    return "select concat_ws(' ', @@hostname, @@port, (select variable_value from information_schema.global_variables"
        + " where variable_name = 'SERVER_UID'), current_user(), @@session.time_zone), database()"
        + " from information_schema.tables"
        + " where table_schema = database() and table_name = " + TABLE + " and (@@lower_case_table_names <> 0"
        + " or (binary table_schema = binary database() and binary table_name = binary " + TABLE + ")) limit 1";
  }

  @Override
  public String quoted(String schema) {
    return '`' + schema.replace("`", "``") + '`';
  }

  @Override
  public String selectWhen(int value, String condition) {
    return "select " + value + " from dual where " + condition;
  }
}
