package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.conditions.Member;
import dev.retention.it.conditions.MemberDraft;
import dev.retention.it.model.SessionToken;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.Expiry;
import dev.retention.runtime.RetentionPolicy;
import dev.retention.runtime.RetentionRuntime;
import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.CriteriaQuery;
import jakarta.persistence.criteria.Root;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The policy the application reads, case by case: a condition that follows a to-one association, judged in the live
 * query as the sweep judges it; what the policy refuses, each refusal naming the pass; and a policy that keeps the
 * instant it was made at. On Hibernate only: EclipseLink writes the condition's {@code false} inside the live query's
 * subquery as a number, which H2 and PostgreSQL refuse (the guide says so).
 */
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class RetentionPolicyTest extends DatabaseSuite {

  private static final Instant NOW = Instant.parse("2026-06-01T12:00:00Z");
  private static final String DRAFTS = MemberDraft.class.getName();

  RetentionPolicyTest(TestDatabase.Kind kind) {
    super(kind, NOW, Member.class, MemberDraft.class, SessionToken.class);
  }

  private RetentionRuntime runtime() {
    return RetentionRuntime.builder(emf).clock(clock).build();
  }

  @Test
  void aConditionOverAnAssociationIsJudgedInTheLiveQueryAsTheSweepJudgesIt() {
    Member left = new Member(1, false);
    Member staying = new Member(2, true);
    Jpa.persistAll(emf, List.of(left, staying,
        new MemberDraft(1, left, NOW.minusSeconds(60)),     // expired, and its member left: the sweep deletes it
        new MemberDraft(2, staying, NOW.minusSeconds(60)),  // expired, but its member is active: kept
        new MemberDraft(3, left, NOW.plusSeconds(60))));    // not expired yet

    try (RetentionRuntime retention = runtime()) {
      RetentionPolicy policy = retention.policy(MemberDraft.class);
      Set<Long> live = Jpa.inTransaction(emf, em -> new TreeSet<>(policy.bindLive(em.createQuery(
          "select d.id from MemberDraft d where " + policy.liveJpql("d"), Long.class), "d").getResultList()));
      List<Expiry> verdicts = Jpa.inTransaction(emf, em -> em.createQuery(
          "select d from MemberDraft d order by d.id", MemberDraft.class).getResultList().stream()
          .map(policy::expiryOf).toList());

      assertEquals(Set.of(2L, 3L), live);
      assertEquals(List.of(Expiry.EXPIRED_IF_CONDITION_HOLDS, Expiry.EXPIRED_IF_CONDITION_HOLDS, Expiry.LIVE),
          verdicts, "the condition is JPQL: Java says when it decides");
      retention.sweep(DRAFTS);
      assertEquals(live, ids("select d.id from MemberDraft d"), "the rows the sweep kept");
    }
  }

  @Test
  void theCriteriaFormRefusesAConditionNamingThePassAndTheCondition() {
    try (RetentionRuntime retention = runtime()) {
      RetentionPolicy policy = retention.policy(MemberDraft.class);
      IllegalStateException refused = assertThrows(IllegalStateException.class, () -> Jpa.run(emf, em -> {
        CriteriaBuilder cb = em.getCriteriaBuilder();
        CriteriaQuery<MemberDraft> query = cb.createQuery(MemberDraft.class);
        Root<MemberDraft> root = query.from(MemberDraft.class);
        policy.live(cb, root);
      }));
      assertTrue(refused.getMessage().contains(DRAFTS) && refused.getMessage().contains("e.member.active = false")
          && refused.getMessage().contains("JPQL form"), refused.getMessage());
    }
  }

  @Test
  void whatThePolicyCannotJudgeIsRefusedNamingThePass() {
    Jpa.persistAll(emf, List.of(new Member(1, false), new SessionToken(1, NOW)));
    try (RetentionRuntime retention = runtime()) {
      RetentionPolicy tokens = retention.policy(SessionToken.class);
      String otherEntity = assertThrows(IllegalArgumentException.class,
          () -> tokens.expiryOf(new Member(2, true))).getMessage();
      assertTrue(otherEntity.contains(SessionToken.class.getName()) && otherEntity.contains(Member.class.getName()),
          otherEntity);

      String lazy = assertThrows(IllegalArgumentException.class, () -> Jpa.run(emf,
          em -> tokens.expiryOf(em.getReference(SessionToken.class, 1L)))).getMessage();
      assertTrue(lazy.contains(SessionToken.class.getName()) && lazy.contains("load it first"), lazy);

      String noPass = assertThrows(IllegalArgumentException.class, () -> retention.policy(Member.class)).getMessage();
      assertTrue(noPass.contains("No pass deletes rows of " + Member.class.getName()), noPass);

      String noScope = assertThrows(IllegalArgumentException.class,
          () -> retention.policy(SessionToken.class, "acme")).getMessage();
      assertTrue(noScope.contains("has no @TtlScope attribute"), noScope);

      String alias = assertThrows(IllegalArgumentException.class, () -> tokens.liveJpql("t.id")).getMessage();
      assertTrue(alias.contains("\"t.id\""), alias);
    }
  }

  @Test
  void aPolicyJudgesAtTheInstantItWasMadeAtAndANewOneAtTheClocksNow() {
    Jpa.persistAll(emf, List.of(new SessionToken(1, NOW.plusSeconds(30))));
    try (RetentionRuntime retention = runtime()) {
      RetentionPolicy before = retention.policy(SessionToken.class);
      SessionToken token = Jpa.inTransaction(emf, em -> em.find(SessionToken.class, 1L));
      clock.advance(Duration.ofMinutes(1));

      assertEquals(NOW, before.now());
      assertEquals(Expiry.LIVE, before.expiryOf(token));
      assertEquals(Expiry.EXPIRED, retention.policy(SessionToken.class).expiryOf(token));
    }
  }

  /** An initialised Hibernate proxy is judged by the entity behind it, whose fields hold the values. */
  @Test
  void anInitialisedProxyIsJudgedByTheEntityBehindIt() {
    Jpa.persistAll(emf, List.of(new SessionToken(1, NOW.minusSeconds(60)), new SessionToken(2, NOW.plusSeconds(60))));
    try (RetentionRuntime retention = runtime()) {
      RetentionPolicy tokens = retention.policy(SessionToken.class);
      List<Expiry> verdicts = Jpa.inTransaction(emf, em -> List.of(1L, 2L).stream().map(id -> {
        SessionToken proxy = em.getReference(SessionToken.class, id);
        org.hibernate.Hibernate.initialize(proxy);
        assertTrue(proxy instanceof org.hibernate.proxy.HibernateProxy, () -> proxy.getClass().getName());
        return tokens.expiryOf(proxy);
      }).toList());
      assertEquals(List.of(Expiry.EXPIRED, Expiry.LIVE), verdicts);
    }
  }
}
