package dev.retention.benchmarks.drain;

import dev.retention.benchmarks.model.ExpiringRow;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Baseline: the purge loop applications write by hand. Load a page of expired entities, {@code em.remove} each, commit,
 * and go again from the first page (paging forward would skip rows, since the earlier pages are gone), with
 * Hibernate's default settings: one DELETE statement per row, no JDBC batching.
 */
public final class RemoveLoop implements Drain {

  private final int pageSize;

  public RemoveLoop(int pageSize) {
    this.pageSize = pageSize;
  }

  @Override
  public String name() {
    return "remove-loop";
  }

  @Override
  public DrainOutcome run(EntityManagerFactory emf, Instant cutoff) {
    long deleted = 0;
    int batches = 0;
    List<Double> batchMillis = new ArrayList<>();
    while (true) {
      long start = System.nanoTime();
      int removed = removePage(emf, cutoff);
      if (removed == 0) {
        return new DrainOutcome(deleted, batches, batchMillis);
      }
      deleted += removed;
      batches++;
      batchMillis.add((System.nanoTime() - start) / 1e6);
      if (removed < pageSize) {
        return new DrainOutcome(deleted, batches, batchMillis);
      }
    }
  }

  private int removePage(EntityManagerFactory emf, Instant cutoff) {
    EntityManager em = emf.createEntityManager();
    try {
      em.getTransaction().begin();
      List<ExpiringRow> page = em.createQuery(
              "select e from " + ExpiringRow.class.getSimpleName() + " e where e.expiresAt <= :cutoff", ExpiringRow.class)
          .setParameter("cutoff", cutoff)
          .setMaxResults(pageSize)
          .getResultList();
      page.forEach(em::remove);
      em.getTransaction().commit();
      return page.size();
    } finally {
      if (em.getTransaction().isActive()) {
        em.getTransaction().rollback();
      }
      em.close();
    }
  }
}
