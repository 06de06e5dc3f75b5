package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.epoch.SpringSessionRow;
import dev.retention.it.mapping.DayTextRow;
import dev.retention.it.scopes.TenantNotification;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.EveryProvider;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.Expiry;
import dev.retention.runtime.RetentionPolicy;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.TypedQuery;
import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.CriteriaQuery;
import jakarta.persistence.criteria.Root;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The policy keeps its word where it once did not: the live rows are the rows a sweep at the same instant keeps, with
 * {@code epoch-check=false}, under a collation that merges spellings, with windows from code at many tenants; its JPQL
 * is one expression, whose parameters no other policy's overwrite; and the verdict in Java refuses what it cannot judge.
 */
@EveryProvider
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class PolicyKeepsItsWordTest extends DatabaseSuite {

  private static final Instant NOW = Instant.parse("2026-06-10T12:00:00Z");
  private static final String SESSIONS = SpringSessionRow.class.getName();
  private static final String NOTIFICATIONS = TenantNotification.class.getName();

  PolicyKeepsItsWordTest(TestDatabase.Kind kind) {
    super(kind, NOW, SpringSessionRow.class, TenantNotification.class, DayTextRow.class, DayTextRow.DayText.class);
  }

  private RetentionRuntime.Builder runtime() {
    return RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC);
  }

  /**
   * Epoch seconds in a milliseconds column read as 1970, below the plausibility floor: with {@code epoch-check=false}
   * the sweep deletes them, so the JPQL, the Criteria predicate and the verdict in Java say they are expired.
   */
  @Test
  void withTheEpochCheckOffThePolicyTakesTheRowsBelowTheFloorAsTheSweepDoes() {
    long seconds = NOW.getEpochSecond();
    Jpa.persistAll(emf, List.of(new SpringSessionRow("a", seconds - 60), new SpringSessionRow("b", seconds + 60),
        new SpringSessionRow("c", NOW.toEpochMilli() + 60_000)));
    try (RetentionRuntime retention = runtime()
        .configuration(Map.of("retention." + SESSIONS + ".epoch-check", "false")).build()) {
      RetentionPolicy policy = retention.policy(SpringSessionRow.class);
      Set<String> live = Jpa.inTransaction(emf, em -> new TreeSet<>(policy.bindLive(em.createQuery(
          "select s.primaryId from SpringSessionRow s where " + policy.liveJpql("s"), String.class), "s")
          .getResultList()));
      Set<String> liveByCriteria = Jpa.inTransaction(emf, em -> {
        CriteriaBuilder cb = em.getCriteriaBuilder();
        CriteriaQuery<String> query = cb.createQuery(String.class);
        Root<SpringSessionRow> s = query.from(SpringSessionRow.class);
        query.select(s.get("primaryId")).where(policy.live(cb, s));
        return new TreeSet<>(em.createQuery(query).getResultList());
      });
      List<Expiry> verdicts = Jpa.inTransaction(emf, em -> em.createQuery(
          "select s from SpringSessionRow s order by s.primaryId", SpringSessionRow.class).getResultList().stream()
          .map(policy::expiryOf).toList());

      SweepReport report = retention.sweep(SESSIONS);
      assertTrue(report.succeeded(), report::toString);
      Set<String> kept = ids("select s.primaryId from SpringSessionRow s", String.class);
      assertEquals(Set.of("c"), kept, "the sweep takes the seconds as milliseconds, all before now");
      assertEquals(kept, live, "JPQL");
      assertEquals(kept, liveByCriteria, "Criteria");
      assertEquals(List.of(Expiry.EXPIRED, Expiry.EXPIRED, Expiry.LIVE), verdicts, "Java");
    }
  }

  /** With the check on (the default) the same rows are below the floor: set aside by the sweep, live in every form. */
  @Test
  void withTheEpochCheckOnTheRowsBelowTheFloorAreLiveAsTheSweepSetsThemAside() {
    long seconds = NOW.getEpochSecond();
    Jpa.persistAll(emf, List.of(new SpringSessionRow("a", seconds - 60), new SpringSessionRow("b", 1L),
        new SpringSessionRow("c", NOW.toEpochMilli() - 60_000)));
    try (RetentionRuntime retention = runtime().build()) {
      RetentionPolicy policy = retention.policy(SpringSessionRow.class);
      Set<String> live = Jpa.inTransaction(emf, em -> new TreeSet<>(policy.bindLive(em.createQuery(
          "select s.primaryId from SpringSessionRow s where " + policy.liveJpql("s"), String.class), "s")
          .getResultList()));
      Set<String> liveByCriteria = Jpa.inTransaction(emf, em -> {
        CriteriaBuilder cb = em.getCriteriaBuilder();
        CriteriaQuery<String> query = cb.createQuery(String.class);
        Root<SpringSessionRow> s = query.from(SpringSessionRow.class);
        query.select(s.get("primaryId")).where(policy.live(cb, s));
        return new TreeSet<>(em.createQuery(query).getResultList());
      });
      List<Expiry> verdicts = Jpa.inTransaction(emf, em -> em.createQuery(
          "select s from SpringSessionRow s order by s.primaryId", SpringSessionRow.class).getResultList().stream()
          .map(policy::expiryOf).toList());

      SweepReport report = retention.sweep(SESSIONS);
      assertTrue(report.succeeded(), report::toString);
      assertEquals(2, report.setAside(), report::toString);
      Set<String> kept = ids("select s.primaryId from SpringSessionRow s", String.class);
      assertEquals(Set.of("a", "b"), kept);
      assertEquals(kept, live, "JPQL");
      assertEquals(kept, liveByCriteria, "Criteria");
      assertEquals(List.of(Expiry.LIVE, Expiry.LIVE, Expiry.EXPIRED), verdicts, "Java");
    }
  }

  /** acme's rows, one expired and one live; globex's the same, with ids from 11. */
  private void writeTwoTenants() {
    Jpa.persistAll(emf, List.of(new TenantNotification(1, "acme", NOW.minus(Duration.ofDays(31))),
        new TenantNotification(2, "acme", NOW.minus(Duration.ofDays(1))),
        new TenantNotification(11, "globex", NOW.minus(Duration.ofDays(31))),
        new TenantNotification(12, "globex", NOW.minus(Duration.ofDays(1)))));
  }

  private Set<Long> notifications(String where, Collection<RetentionPolicy> policies) {
    return Jpa.inTransaction(emf, em -> {
      TypedQuery<Long> query = em.createQuery("select n.id from TenantNotification n where " + where, Long.class);
      policies.forEach(policy -> policy.bindLive(query, "n"));
      return new TreeSet<>(query.getResultList());
    });
  }

  /**
   * {@code "where not " + liveJpql} negates the whole fragment: the other scopes' rows and that scope's expired rows,
   * not the other scopes' live rows alone.
   */
  @Test
  void theLiveRowsOfOneScopeAreOneExpressionThatNotNegatesWhole() {
    writeTwoTenants();
    try (RetentionRuntime retention = runtime().build()) {
      RetentionPolicy acme = retention.policy(TenantNotification.class, "acme");
      assertEquals(Set.of(1L, 11L, 12L), notifications("not " + acme.liveJpql("n"), List.of(acme)));
      assertEquals(Set.of(1L), notifications("n.tenantId = 'acme' and not " + acme.liveJpql("n"), List.of(acme)));
      assertEquals(Set.of(2L), notifications(acme.liveJpql("n"), List.of(acme)));
    }
  }

  /** Two tenants' policies over one alias, or'ed: each binds its own names, and both tenants' live rows come back. */
  @Test
  void twoPoliciesOverOneAliasKeepEachItsOwnParameters() {
    writeTwoTenants();
    try (RetentionRuntime retention = runtime().build()) {
      RetentionPolicy acme = retention.policy(TenantNotification.class, "acme");
      RetentionPolicy globex = retention.policy(TenantNotification.class, "globex");
      assertTrue(java.util.Collections.disjoint(acme.liveParameters("n").keySet(),
          globex.liveParameters("n").keySet()), () -> acme.liveParameters("n") + " " + globex.liveParameters("n"));
      assertEquals(Set.of(2L, 12L), notifications(acme.liveJpql("n") + " or " + globex.liveJpql("n"),
          List.of(acme, globex)));
    }
  }

  /**
   * ACME, acme and {@code "acme "} stored, two days old; configuration gives acme one day, the others have the pass's
   * 30 days. Where the database takes them as one (MariaDB's default collation) the sweep keeps them all by the longest
   * window among them, and so must the policy; where it compares exactly, acme's rows go by its own day.
   */
  @Test
  void spellingsACollationMergesAreJudgedByTheLongestWindowAmongThemAsTheSweepJudgesThem() {
    Jpa.persistAll(emf, List.of(new TenantNotification(1, "ACME", NOW.minus(Duration.ofDays(2))),
        new TenantNotification(2, "acme", NOW.minus(Duration.ofDays(2))),
        new TenantNotification(3, "acme ", NOW.minus(Duration.ofDays(2))),
        new TenantNotification(4, "globex", NOW.minus(Duration.ofDays(2))),
        new TenantNotification(5, "globex", NOW.minus(Duration.ofDays(40)))));
    try (RetentionRuntime retention = runtime()
        .configuration(Map.of("retention." + NOTIFICATIONS + ".scope.acme.retention", "1d")).build()) {
      RetentionPolicy policy = retention.policy(TenantNotification.class);
      Set<Long> live = notifications(policy.liveJpql("n"), List.of(policy));
      Map<Long, Expiry> verdicts = verdicts(policy);
      RetentionPolicy acme = retention.policy(TenantNotification.class, "acme");
      Set<Long> liveOfAcme = notifications(acme.liveJpql("n"), List.of(acme));

      SweepReport report = retention.sweep(NOTIFICATIONS);
      assertTrue(report.succeeded(), report::toString);
      Set<Long> kept = ids("select n.id from TenantNotification n", Long.class);
      assertEquals(kind == TestDatabase.Kind.MARIADB ? Set.of(1L, 2L, 3L, 4L) : Set.of(1L, 3L, 4L), kept,
          "the sweep's rows");
      assertEquals(kept, live, "the live rows of every scope");
      kept.forEach(id -> assertEquals(Expiry.LIVE, verdicts.get(id), "row " + id));
      verdicts.keySet().stream().filter(id -> !kept.contains(id))
          .forEach(id -> assertEquals(Expiry.EXPIRED, verdicts.get(id), "row " + id));
      Set<Long> acmeKept = new TreeSet<>(kept);
      acmeKept.retainAll(kind == TestDatabase.Kind.MARIADB ? Set.of(1L, 2L, 3L) : Set.of(2L));
      assertEquals(acmeKept, liveOfAcme, "the live rows of acme");
    }
  }

  private Map<Long, Expiry> verdicts(RetentionPolicy policy) {
    return Jpa.inTransaction(emf, em -> {
      Map<Long, Expiry> verdicts = new java.util.TreeMap<>();
      for (TenantNotification row : em.createQuery("select n from TenantNotification n", TenantNotification.class)
          .getResultList()) {
        verdicts.put((Long) emf.getPersistenceUnitUtil().getIdentifier(row), policy.expiryOf(row));
      }
      return verdicts;
    });
  }

  /**
   * 400 tenants with windows from code, four of them with a day and four with a year, the others the pass's 30 days:
   * the live query names only the tenants whose window decides a row now (those four with a day, whose rows are two
   * days old; the four with a year, whose rows are 40 days old), never every tenant stored, and keeps exactly what the
   * sweep keeps.
   */
  @Test
  void withWindowsFromCodeTheLiveQueryNamesOnlyTheScopesWhoseWindowDecidesARow() {
    List<Object> rows = new ArrayList<>();
    for (int tenant = 0; tenant < 400; tenant++) {
      rows.add(new TenantNotification(tenant * 10L + 1, "t-" + tenant, NOW.minus(Duration.ofDays(2))));
      rows.add(new TenantNotification(tenant * 10L + 2, "t-" + tenant, NOW.minus(Duration.ofDays(40))));
    }
    Jpa.persistAll(emf, rows);
    try (RetentionRuntime retention = runtime().scopeWindows(NOTIFICATIONS, tenant -> {
      int number = Integer.parseInt(((String) tenant).substring(2));
      return number % 100 == 0 ? Optional.of(Duration.ofDays(1))
          : number % 100 == 1 ? Optional.of(Duration.ofDays(365)) : Optional.empty();
    }).build()) {
      RetentionPolicy policy = retention.policy(TenantNotification.class);
      Set<Long> live = notifications(policy.liveJpql("n"), List.of(policy));
      int named = policy.liveParameters("n").values().stream()
          .mapToInt(value -> value instanceof Collection<?> values ? values.size() : 1).sum();

      for (int sweeps = 0; retention.sweep(NOTIFICATIONS).workRemains() && sweeps < 100; sweeps++) {
        // drains the backlog
      }
      assertEquals(ids("select n.id from TenantNotification n", Long.class), live);
      assertTrue(named <= 16, "the values named: " + policy.liveParameters("n"));
    }
  }

  /**
   * An instant stored through a converter as text that does not sort as the instants do: the sweep compares the text,
   * so the verdict in Java refuses the attribute, naming it and why; the JPQL agrees with the sweep.
   */
  @Test
  void aTtlStoredAsTextIsRefusedByTheVerdictInJavaNamingTheAttribute() {
    Jpa.persistAll(emf, List.of(new DayTextRow(1, Instant.parse("2026-06-09T12:00:00Z")),
        new DayTextRow(2, Instant.parse("2026-06-11T12:00:00Z"))));
    try (RetentionRuntime retention = runtime().build()) {
      RetentionPolicy policy = retention.policy(DayTextRow.class);
      DayTextRow row = Jpa.inTransaction(emf, em -> em.find(DayTextRow.class, 1L));
      String refusal = assertThrows(IllegalStateException.class, () -> policy.expiryOf(row)).getMessage();
      assertTrue(refusal.contains(DayTextRow.class.getName()) && refusal.contains("DayTextRow.expiresAt")
          && refusal.contains("stored as text") && refusal.contains("liveJpql"), refusal);

      Set<Long> live = Jpa.inTransaction(emf, em -> new TreeSet<>(policy.bindLive(em.createQuery(
          "select r.id from DayTextRow r where " + policy.liveJpql("r"), Long.class), "r").getResultList()));
      retention.sweep(DayTextRow.class.getName());
      assertEquals(ids("select r.id from DayTextRow r", Long.class), live);
    }
  }
}
