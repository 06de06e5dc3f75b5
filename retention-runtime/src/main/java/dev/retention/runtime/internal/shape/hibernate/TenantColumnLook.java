package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.internal.database.TenantSchemas;
import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.shape.SchemaLook;
import jakarta.persistence.EntityManager;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.hibernate.Session;
import org.hibernate.query.NativeQuery;

/**
 * The {@link SchemaLook} of a pass whose rows carry their tenant in a {@code @TenantId} column of one table: one
 * statement a round, {@code select distinct tenant_id from t where ttl <= :cutoff}, says which tenant values hold
 * expired rows. A native statement is not filtered by Hibernate's tenant filter, so the one session it runs in sees
 * every tenant's rows. A tenant's "schema" here is the tenant identifier its own session binds for the column (never
 * its name in the application's list), and its server is where its session finds the table, so that tenants whose
 * sessions reach another table are visited each for itself. The values the database returns are matched in Java by
 * equality, which is why the look is taken only where the column compares exactly ({@code ScopeComparison}), and
 * trusted only while the catalog still says so ({@link TenantColumnWatch}, read before each look).
 */
final class TenantColumnLook implements SchemaLook {

  private final TenantSchemas database;
  private final String table;
  private final String tenantColumn;
  private final String ttlColumn;
  private final PassModel pass;
  private final TenantColumnWatch watch;

  TenantColumnLook(TenantSchemas database, String table, String tenantColumn, String ttlColumn, PassModel pass,
      TenantColumnWatch watch) {
    this.database = database;
    this.watch = watch;
    this.table = table;
    this.tenantColumn = tenantColumn;
    this.ttlColumn = ttlColumn;
    this.pass = pass;
  }

  @Override
  public Optional<Home> home(EntityManager em) {
    Object tenant = em.unwrap(Session.class).getTenantIdentifierValue();
    if (tenant == null) {
      return Optional.empty();
    }
    List<?> rows = em.createNativeQuery(database.homeQuery()).setParameter("table", table).getResultList();
    if (rows.isEmpty()) {
      return Optional.empty();
    }
    Object[] row = (Object[]) rows.get(0);
    return row[0] == null || row[1] == null ? Optional.empty()
        : Optional.of(new Home(row[0] + "/" + row[1], tenant.toString()));
  }

  @Override
  public Optional<String> untrusted(EntityManager em) {
    return em.unwrap(Session.class).doReturningWork(watch::untrusted);
  }

  @Override
  public BitSet withExpiredRows(EntityManager em, List<String> tenants, ExpiredRows rows) {
    String sql = "select distinct " + tenantColumn + " from " + table + " where "
        + NativePredicate.named(pass, ttlColumn);
    NativeQuery<?> query = em.createNativeQuery(sql).unwrap(NativeQuery.class);
    Set<String> expired = new HashSet<>();
    for (Object value : NativePredicate.bindNamed(query, rows).getResultList()) {
      if (value != null) {
        expired.add(value.toString());
      }
    }
    BitSet found = new BitSet(tenants.size());
    for (int i = 0; i < tenants.size(); i++) {
      if (expired.contains(tenants.get(i))) {
        found.set(i);
      }
    }
    return found;
  }

  @Override
  public int statements(int tenants) {
    return 1;
  }

  @Override
  public String describe() {
    return ", its tenants' @TenantId values looked at together once a round (one statement reads which hold expired"
        + " rows; only those tenants visited)";
  }
}
