package dev.retention.it.support;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.SharedCacheMode;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Entity manager factories of the JPA provider on the class path ({@link JpaProvider}), on a test database, and
 * transactions for test data. Only JPA 3.1 calls, so that the same suites run on Hibernate 6.6 with its API.
 */
public final class Jpa {

  /** The standard property that names the database action; a caller may override it ("none" to keep the tables). */
  public static final String SCHEMA_ACTION = "jakarta.persistence.schema-generation.database.action";
  /** The standard property that turns the second-level cache on for {@code @Cacheable} entities. */
  public static final String SHARED_CACHE_MODE = "jakarta.persistence.sharedCache.mode";

  /** Numbers the factories this JVM creates, for their units' names. */
  private static final AtomicInteger FACTORIES = new AtomicInteger();

  private Jpa() {}

  /** A factory managing {@code entities}, with their tables created fresh. */
  public static EntityManagerFactory factory(TestDatabase database, List<Class<?>> entities) {
    return factory(database, entities, Map.of());
  }

  /** A factory managing {@code entities}, with their tables created fresh and {@code extra} properties set. */
  public static EntityManagerFactory factory(TestDatabase database, List<Class<?>> entities,
      Map<String, ?> extra) {
    return factory(database.kind() + " " + database, database.url(), database.user(), database.password(), entities,
        extra, false);
  }

  /**
   * A factory without {@code hibernate.jdbc.time_zone}: the JDBC driver stores a {@code java.util.Date} in a
   * {@code timestamp} column as its wall-clock time in the JVM's zone, as an application that never set it does.
   */
  public static EntityManagerFactory factoryInJvmZone(TestDatabase database, List<Class<?>> entities,
      Map<String, ?> extra) {
    return factory(database.kind() + " " + database, database.url(), database.user(), database.password(), entities,
        extra, true);
  }

  /** A factory managing {@code entities} on a scratch database, with their tables created fresh. */
  public static EntityManagerFactory factory(ScratchDatabase database, List<Class<?>> entities,
      Map<String, ?> extra) {
    return factory(database.toString(), database.url(), database.user(), database.password(), entities, extra, false);
  }

  /** A factory managing {@code entities} on the database at {@code url} (password empty), tables created fresh. */
  public static EntityManagerFactory factory(String url, String user, List<Class<?>> entities, Map<String, ?> extra) {
    return factory(url.replaceAll("[^A-Za-z0-9]+", "-"), url, user, "", entities, extra, false);
  }

  private static EntityManagerFactory factory(String name, String url, String user, String password,
      List<Class<?>> entities, Map<String, ?> extra, boolean inJvmZone) {
    JpaProvider provider = JpaProvider.onClassPath();
    Properties properties = new Properties();
    properties.put("jakarta.persistence.jdbc.url", url);
    properties.put("jakarta.persistence.jdbc.user", user);
    properties.put("jakarta.persistence.jdbc.password", password);
    properties.put(SCHEMA_ACTION, "drop-and-create");
    properties.putAll(provider.properties());
    if (inJvmZone) {
      properties.remove("hibernate.jdbc.time_zone");
    }
    properties.putAll(extra);
    SharedCacheMode cacheMode = SharedCacheMode.valueOf(
        String.valueOf(properties.getOrDefault(SHARED_CACHE_MODE, SharedCacheMode.NONE.name())));
    Class<?> first = entities.isEmpty() ? Jpa.class : entities.get(0);
    // A name of its own for each factory: EclipseLink hands a second factory of the same unit name the first one's
    // session, entities and all, so a test's second factory on one database would manage the first one's entities.
    ScratchPersistenceUnit unit = new ScratchPersistenceUnit(
        "retention-" + name.replace(' ', '-') + "-" + FACTORIES.incrementAndGet(),
        provider.persistenceProvider().getClass().getName(),
        entities.stream().map(Class::getName).toList(), cacheMode, properties, first.getClassLoader(),
        first.getProtectionDomain().getCodeSource().getLocation());
    return provider.persistenceProvider().createContainerEntityManagerFactory(unit, properties);
  }

  public static void run(EntityManagerFactory emf, Consumer<EntityManager> work) {
    inTransaction(emf, em -> {
      work.accept(em);
      return null;
    });
  }

  public static <T> T inTransaction(EntityManagerFactory emf, Function<EntityManager, T> work) {
    return inTransaction(emf, Map.of(), work);
  }

  /** Runs {@code work} in a transaction of an entity manager created with {@code properties} (a tenant's, say). */
  public static <T> T inTransaction(EntityManagerFactory emf, Map<String, ?> properties,
      Function<EntityManager, T> work) {
    EntityManager em = emf.createEntityManager(properties);
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
