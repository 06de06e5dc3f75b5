package dev.retention.benchmarks.drain;

import dev.retention.benchmarks.model.ExpiringRow;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.time.Instant;
import java.util.List;

/** Baseline: one bulk JPQL delete of everything expired, in one transaction. */
public final class UnboundedDelete implements Drain {

  @Override
  public String name() {
    return "unbounded-delete";
  }

  @Override
  public DrainOutcome run(EntityManagerFactory emf, Instant cutoff) {
    EntityManager em = emf.createEntityManager();
    try {
      em.getTransaction().begin();
      int deleted = em.createQuery("delete from " + ExpiringRow.class.getSimpleName() + " e where e.expiresAt <= :cutoff")
          .setParameter("cutoff", cutoff)
          .executeUpdate();
      em.getTransaction().commit();
      return new DrainOutcome(deleted, 1, List.of());
    } finally {
      if (em.getTransaction().isActive()) {
        em.getTransaction().rollback();
      }
      em.close();
    }
  }
}
