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
 * equality.
 *
 * <p>Where the column compares exactly ({@code ScopeComparison}, trusted only while the catalog still says so:
 * {@link TenantColumnWatch}, read before each look), a value equal to no tenant's is a tenant not listed, ignored.
 * Where it is not known to (MariaDB, whose default collations take values that differ in case, accents or trailing
 * spaces as one, and whose catalog of scope columns is not read), Hibernate's tenant filter of a tenant still matches
 * every row whose value the database takes as equal to the tenant's, and a value is equal to itself under any
 * collation: a returned value identical to a tenant's value visits that tenant, whose sweep takes the value's whole
 * class; a value identical to none is returned as {@link Found#unnamed()}, for the round to visit every tenant.
 */
final class TenantColumnLook implements SchemaLook {

  private final TenantSchemas database;
  private final String table;
  private final String tenantColumn;
  private final String ttlColumn;
  private final PassModel pass;
  /** What the look rests on in the catalog, read before each look; empty: nothing beyond the tenants' own statements. */
  private final Optional<TenantColumnWatch> watch;

  /**
   * @param watch where the column compares exactly as the catalog says, what that rests on; empty where the column is
   *     not known to compare exactly, and values no tenant names exactly are returned as unnamed
   */
  TenantColumnLook(TenantSchemas database, String table, String tenantColumn, String ttlColumn, PassModel pass,
      Optional<TenantColumnWatch> watch) {
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
    return watch.isEmpty() ? Optional.empty() : em.unwrap(Session.class).doReturningWork(watch.get()::untrusted);
  }

  @Override
  public Found withExpiredRows(EntityManager em, List<String> tenants, ExpiredRows rows) {
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
    expired.removeAll(new HashSet<>(tenants)); // after the loop: two tenants may bind one value
    // Left: values no tenant given names exactly; where the column compares exactly, tenants not listed.
    return new Found(found, watch.isPresent() ? List.of() : expired.stream().sorted().toList());
  }

  @Override
  public int statements(int tenants) {
    return 1;
  }

  @Override
  public String describe() {
    return ", its tenants' @TenantId values looked at together once a round (one statement reads which hold expired"
        + " rows; only those tenants visited" + (watch.isPresent() ? ")" : "; its tenant column not known to compare"
        + " exactly: a value no listed tenant names exactly visits every tenant)");
  }
}
