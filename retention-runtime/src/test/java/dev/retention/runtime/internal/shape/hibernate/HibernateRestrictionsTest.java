package dev.retention.runtime.internal.shape.hibernate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Reading the selection Hibernate writes: the conjuncts a native statement states pass, in any order and parentheses;
 * anything else (a filter, a discriminator, a tenant column, a join, an "or") is named, and what cannot be read is a
 * restriction too.
 */
class HibernateRestrictionsTest {

  private static final Optional<String> TENANT = Optional.of("tenant_id");

  @Test
  void theDateItsFloorAndTheScopeAreWhatANativeStatementStates() {
    assertEquals(Optional.empty(), HibernateRestrictions.judge(
        "select tn1_0.created_at from tenant_notification tn1_0 where tn1_0.created_at<=? and tn1_0.tenant_id=?",
        "created_at", false, TENANT, Set.of()));
    assertEquals(Optional.empty(), HibernateRestrictions.judge(
        "select r1_0.at from reading r1_0 where (r1_0.at>=? and r1_0.at<=?) fetch first ? rows only",
        "at", true, Optional.empty(), Set.of()));
  }

  @Test
  void aFilterADiscriminatorAndATenantColumnAreNamed() {
    Optional<String> filter = HibernateRestrictions.judge("select hd1_0.expires_at from held_document hd1_0 where"
        + " hd1_0.expires_at<=? and (hd1_0.hold = false)", "expires_at", false, Optional.empty(), Set.of());
    assertTrue(filter.orElseThrow().startsWith("Hibernate restricts its rows by `hold = false` too"), filter::get);
    Optional<String> kind = HibernateRestrictions.judge("select me1_0.occurred_at from shared_event me1_0 where"
        + " me1_0.kind='mapped' and me1_0.occurred_at<=?", "occurred_at", false, Optional.empty(), Set.of());
    assertTrue(kind.orElseThrow().contains("`kind='mapped'`"), kind::get);
    Optional<String> tenant = HibernateRestrictions.judge("select d1_0.at from doc d1_0 where d1_0.at<=? and"
        + " d1_0.tenant_id=? and d1_0.tenant_id=?", "at", false, TENANT, Set.of());
    assertTrue(tenant.orElseThrow().contains("`tenant_id=?`"), "the tenant column beside the scope: " + tenant.get());
  }

  @Test
  void whatCannotBeReadAsOneTableAndAConjunctionIsARestriction() {
    assertTrue(HibernateRestrictions.judge("select d1_0.at from doc d1_0 join doc_part d1_1 on d1_1.id=d1_0.id"
        + " where d1_0.at<=?", "at", false, Optional.empty(), Set.of()).orElseThrow().contains("not one table"));
    assertTrue(HibernateRestrictions.judge("select d1_0.at from doc d1_0 where d1_0.at<=? or d1_0.pinned",
        "at", false, Optional.empty(), Set.of()).isPresent());
    assertTrue(HibernateRestrictions.judge("select d1_0.at from doc d1_0", "at", false, Optional.empty(), Set.of())
        .orElseThrow().contains("does not compare"));
  }

  @Test
  void theSoftDeleteMarkerIsSkippedOnlyWhereThePurgeMeansToSkipIt() {
    String sql = "select sd1_0.at from soft_doc sd1_0 where sd1_0.at<=? and sd1_0.deleted=false";
    assertEquals(Optional.empty(), HibernateRestrictions.judge(sql, "at", false, Optional.empty(), Set.of("deleted")));
    assertTrue(HibernateRestrictions.judge(sql, "at", false, Optional.empty(), Set.of()).isPresent());
    assertTrue(HibernateRestrictions.judge(sql + " and (sd1_0.hold = false)", "at", false, Optional.empty(),
        Set.of("deleted")).isPresent(), "a filter beside the marker");
  }

  /**
   * A look across tenants states the date alone: whatever Hibernate adds beside it narrows the selection, so the look
   * stays a superset; a selection that is not a conjunction holding the date, or reads another table, is not within it.
   */
  @Test
  void aLookAcrossTenantsTakesEveryConjunctHibernateAddsAndNothingElse() {
    assertEquals(Optional.empty(), HibernateRestrictions.withinLook("select hn1_0.expires_at from held_note hn1_0"
        + " where hn1_0.expires_at<=? and (hn1_0.hold = false) and hn1_0.tenant=?", "held_note", "expires_at", false));
    assertEquals(Optional.empty(), HibernateRestrictions.withinLook("select te1_0.at from tenant_event te1_0 where"
        + " te1_0.kind='mapped' and (te1_0.at>=? and te1_0.at<=?) and (te1_0.a = 1 or te1_0.b = 2)", "tenant_event",
        "at", true));
    assertTrue(HibernateRestrictions.withinLook("select d1_0.at from doc d1_0 where d1_0.at<=? and d1_0.a=1 or"
        + " d1_0.b=2", "doc", "at", false).orElseThrow().contains("not within `d1_0.at<=?`"),
        "an \"or\" at the top binds looser than the date's \"and\"");
    assertTrue(HibernateRestrictions.withinLook("select d1_0.at from doc d1_0 where (d1_0.at<=? and d1_0.a=1 or"
        + " d1_0.b=2)", "doc", "at", false).isPresent(), "nor inside parentheses");
    assertTrue(HibernateRestrictions.withinLook("select d1_0.at from doc d1_0 where d1_0.at<=?", "doc", "at", true)
        .isPresent(), "the floor the look states is Hibernate's too");
    assertTrue(HibernateRestrictions.withinLook("select d1_0.at from other_doc d1_0 where d1_0.at<=?", "doc", "at",
        false).orElseThrow().contains("not the table doc alone"));
    assertTrue(HibernateRestrictions.withinLook("select d1_0.at from doc d1_0 join part p1_0 on p1_0.id=d1_0.id where"
        + " d1_0.at<=?", "doc", "at", false).isPresent(), "a join");
  }
}
