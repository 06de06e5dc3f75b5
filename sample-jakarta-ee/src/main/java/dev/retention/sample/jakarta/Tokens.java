package dev.retention.sample.jakarta;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The sample's tokens, written and counted through the container's JTA persistence context. */
@Stateless
public class Tokens {

  @PersistenceContext(unitName = "app")
  EntityManager em;

  /**
   * Adds {@code expired} tokens that expired an hour ago and {@code live} ones that expire in a day, committed when
   * this returns: a sweep on another thread sees them.
   */
  @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
  public void seed(int expired, int live) {
    OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
    for (int i = 0; i < expired; i++) {
      em.persist(new Token("expired", now.minusHours(1)));
    }
    for (int i = 0; i < live; i++) {
      em.persist(new Token("live", now.plusDays(1)));
    }
  }

  /** Adds one live token in the caller's transaction, which must be there: its rollback must take the token away. */
  @TransactionAttribute(TransactionAttributeType.MANDATORY)
  public void addInCallersTransaction(String kind) {
    em.persist(new Token(kind, OffsetDateTime.now(ZoneOffset.UTC).plusDays(1)));
  }

  /** How many tokens of each kind there are, committed ones only. */
  @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
  public Map<String, Long> countByKind() {
    List<Object[]> rows = em.createQuery("select t.kind, count(t) from Token t group by t.kind", Object[].class)
        .getResultList();
    Map<String, Long> counts = new TreeMap<>();
    for (Object[] row : rows) {
      counts.put((String) row[0], ((Number) row[1]).longValue());
    }
    return counts;
  }
}
