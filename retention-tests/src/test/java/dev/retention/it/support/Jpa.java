package dev.retention.it.support;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceConfiguration;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/** Entity manager factories on a {@link TestDatabase}, and transactions for test data. */
public final class Jpa {

  private Jpa() {}

  /** A factory managing {@code entities}, with their tables created fresh. */
  public static EntityManagerFactory factory(TestDatabase database, List<Class<?>> entities) {
    return factory(database, entities, java.util.Map.of());
  }

  /** A factory managing {@code entities}, with their tables created fresh and {@code extra} properties set. */
  public static EntityManagerFactory factory(TestDatabase database, List<Class<?>> entities,
      java.util.Map<String, Object> extra) {
    java.util.Map<String, Object> properties = new java.util.HashMap<>();
    properties.put("hibernate.jdbc.time_zone", "UTC");
    properties.putAll(extra);
    return factoryInJvmZone(database, entities, properties);
  }

  /**
   * A factory without {@code hibernate.jdbc.time_zone}: the JDBC driver stores a {@code java.util.Date} in a
   * {@code timestamp} column as its wall-clock time in the JVM's zone, as an application that never set it does.
   */
  public static EntityManagerFactory factoryInJvmZone(TestDatabase database, List<Class<?>> entities,
      java.util.Map<String, Object> extra) {
    PersistenceConfiguration configuration = new PersistenceConfiguration("retention-it-" + database.kind())
        .transactionType(jakarta.persistence.PersistenceUnitTransactionType.RESOURCE_LOCAL)
        .property(PersistenceConfiguration.JDBC_URL, database.url())
        .property(PersistenceConfiguration.JDBC_USER, database.user())
        .property(PersistenceConfiguration.JDBC_PASSWORD, database.password())
        .property(PersistenceConfiguration.SCHEMAGEN_DATABASE_ACTION, "drop-and-create")
        .property("hibernate.show_sql", System.getProperty("showSql", "false"));
    entities.forEach(configuration::managedClass);
    extra.forEach(configuration::property);
    return configuration.createEntityManagerFactory();
  }

  public static void run(EntityManagerFactory emf, Consumer<EntityManager> work) {
    inTransaction(emf, em -> {
      work.accept(em);
      return null;
    });
  }

  public static <T> T inTransaction(EntityManagerFactory emf, Function<EntityManager, T> work) {
    EntityManager em = emf.createEntityManager();
    try {
      em.getTransaction().begin();
      T result = work.apply(em);
      em.getTransaction().commit();
      return result;
    } finally {
      if (em.getTransaction().isActive()) {
        em.getTransaction().rollback();
      }
      em.close();
    }
  }

  /** Persists the entities in one transaction, flushing every few hundred so that memory stays small. */
  public static void persistAll(EntityManagerFactory emf, List<?> entities) {
    run(emf, em -> {
      int count = 0;
      for (Object entity : entities) {
        em.persist(entity);
        if (++count % 500 == 0) {
          em.flush();
          em.clear();
        }
      }
    });
  }

  /** The number of rows of {@code entity}. */
  public static long count(EntityManagerFactory emf, Class<?> entity) {
    EntityManager em = emf.createEntityManager();
    try {
      return em.createQuery("select count(e) from " + emf.getMetamodel().entity(entity).getName() + " e", Long.class)
          .getSingleResult();
    } finally {
      em.close();
    }
  }
}
