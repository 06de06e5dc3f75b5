package dev.retention.runtime.internal.shape;

import dev.retention.runtime.internal.pass.ExpiredRows;
import jakarta.persistence.EntityManager;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * One look across the tenants' schemas of one server: which of them hold rows of a pass's table at or before the
 * cutoff. It only decides which tenants a round visits; each visited tenant is then swept in its own sessions by the
 * portable JPQL, as before. The look states the date alone (and the floor of epoch milliseconds), so it finds every
 * row the pass's statements would delete and maybe more (a visit that finds nothing), never fewer, for a pass it takes:
 * no condition, no scope, one table, its {@code @Ttl} column compared by the database as the pass's statements compare
 * it. That the date is all it states is asked of Hibernate at {@code build()}: the pass's selection as Hibernate writes
 * it for a tenant's session must be a conjunction over that one table holding the look's conjuncts, whatever it adds.
 */
public interface SchemaLook {

  /**
   * Where the pass's table is for the session of {@code em}, opened for one tenant: its server and schema; empty when
   * the session does not find the table by its unqualified name.
   */
  Optional<Home> home(EntityManager em);

  /**
   * Why the look cannot be trusted this round, asked in the session it runs in, just before it: what it rests on in the
   * database's catalog beyond what the tenants' own statements rest on, read again; empty when it can. The look across
   * schemas rests on nothing more: it compares the {@code @Ttl} column of each tenant's table with the cutoff bound as
   * the native statements bind it, as each tenant's own statement compares that column, so a type, a collation or a
   * partitioning changed under them changes both alike. The look across {@code @TenantId} values, where the catalog
   * says the tenant column compares exactly, rests on that, which a migration may change; where it is not known to, on
   * nothing more (a value identical to no tenant's visits every tenant).
   *
   * @throws RuntimeException when it cannot be read: the look fails, and every tenant is visited
   */
  default Optional<String> untrusted(EntityManager em) {
    return Optional.empty();
  }

  /**
   * The positions in {@code schemas}, all on the server of {@code em}'s session, of the schemas whose table holds an
   * expired row of {@code rows}, in statements of a bounded number of schemas each; and, where a value the look
   * returns does not name its tenant alone, those that no schema given names exactly.
   */
  Found withExpiredRows(EntityManager em, List<String> schemas, ExpiredRows rows);

  /** How many statements a look over {@code schemas} schemas takes. */
  int statements(int schemas);

  /** How the start line says the look, after the pass. */
  default String describe() {
    return ", its tenants' schemas looked at together once a round (one statement for up to 200 schemas of one server,"
        + " each tenant's schema as its own session finds the table; only tenants with expired rows visited)";
  }

  /**
   * What a look found.
   *
   * @param expired the positions of the schemas given whose table holds an expired row
   * @param unnamed values holding expired rows that no schema given names exactly, where the database may take such a
   *     value as a tenant's ({@code @TenantId} column not known to compare exactly): which tenant's sweep reaches their
   *     rows the look cannot say; empty where every value names its tenant alone
   */
  record Found(BitSet expired, List<String> unnamed) {

    public static Found of(BitSet expired) {
      return new Found(expired, List.of());
    }
  }

  /**
   * Where a tenant's sessions find a pass's table.
   *
   * @param server the server and database, compared for equality only
   * @param schema the schema, as the catalog holds its name
   */
  record Home(String server, String schema) {}

  /**
   * Whether a pass's tenants are looked at across their schemas.
   *
   * @param look the look; empty: each tenant's sweep looks for itself
   * @param why why not, for the start line; empty with a look
   */
  record Decision(Optional<SchemaLook> look, String why) {

    public static Decision none(String why) {
      return new Decision(Optional.empty(), why);
    }
  }
}
