package dev.retention.spring.boot.support;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.util.List;

/** Rows for the tests, written and counted through the application's own {@code EntityManagerFactory}. */
public final class TestData {

  private TestData() {}

  public static void persist(EntityManagerFactory emf, List<?> entities) {
    EntityManager em = emf.createEntityManager();
    try {
      em.getTransaction().begin();
      entities.forEach(em::persist);
      em.getTransaction().commit();
    } finally {
      if (em.getTransaction().isActive()) {
        em.getTransaction().rollback();
      }
      em.close();
    }
  }

  public static long count(EntityManagerFactory emf, Class<?> entity) {
    EntityManager em = emf.createEntityManager();
    try {
      return em.createQuery("select count(e) from " + entity.getSimpleName() + " e", Long.class).getSingleResult();
    } finally {
      em.close();
    }
  }
}
