package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.internal.database.TenantSchemas;
import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.shape.SchemaLook;
import jakarta.persistence.EntityManager;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.hibernate.query.NativeQuery;

/**
 * The {@link SchemaLook} of one pass's table: one statement a chunk of schemas,
 * {@code select 0 where exists (select 1 from "s0".t where ttl <= :cutoff) union all select 1 where exists (...)}
 * in PostgreSQL's words (each database's from its {@link TenantSchemas}: MariaDB's selects {@code from dual}, its
 * databases in backticks), each schema quoted as an identifier from the name its tenant's own session resolved the
 * table to, never a tenant's name. The cutoff is bound as the native statements bind it ({@link NativePredicate}).
 */
final class SchemaLookStatement implements SchemaLook {

  /** Schemas a statement: 1,000 tenants in 5 statements, each of a bounded length. */
  static final int CHUNK = 200;

  private final TenantSchemas database;
  private final String table;
  private final String ttlColumn;
  private final PassModel pass;

  SchemaLookStatement(TenantSchemas database, String table, String ttlColumn, PassModel pass) {
    this.database = database;
    this.table = table;
    this.ttlColumn = ttlColumn;
    this.pass = pass;
  }

  @Override
  public Optional<Home> home(EntityManager em) {
    List<?> rows = em.createNativeQuery(database.homeQuery()).setParameter("table", table).getResultList();
    if (rows.isEmpty()) {
      return Optional.empty();
    }
    Object[] row = (Object[]) rows.get(0);
    return row[0] == null || row[1] == null ? Optional.empty()
        : Optional.of(new Home(row[0].toString(), row[1].toString()));
  }

  @Override
  public Found withExpiredRows(EntityManager em, List<String> schemas, ExpiredRows rows) {
    BitSet found = new BitSet(schemas.size());
    String predicate = NativePredicate.named(pass, ttlColumn);
    for (int from = 0; from < schemas.size(); from += CHUNK) {
      int to = Math.min(schemas.size(), from + CHUNK);
      StringBuilder sql = new StringBuilder();
      for (int i = from; i < to; i++) {
        if (i > from) {
          sql.append(" union all ");
        }
        sql.append(database.selectWhen(i, "exists (select 1 from " + database.quoted(schemas.get(i)) + "." + table
            + " where " + predicate + ")"));
      }
      NativeQuery<?> query = em.createNativeQuery(sql.toString()).unwrap(NativeQuery.class);
      for (Object position : NativePredicate.bindNamed(query, rows).getResultList()) {
        found.set(((Number) position).intValue());
      }
    }
    return Found.of(found);
  }

  @Override
  public int statements(int schemas) {
    return (schemas + CHUNK - 1) / CHUNK;
  }
}
