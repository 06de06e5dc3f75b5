package dev.retention.it.support;

import jakarta.persistence.EntityManagerFactory;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * What a suite run on each database shares: a fresh database of its kind for each test, a factory of the provider on
 * the class path managing the suite's entities there, and a clock that stands still until the test moves it. A
 * subclass is a {@code @ParameterizedClass} over {@link TestDatabase.Kind} that passes its kind on.
 */
public abstract class DatabaseSuite {

  protected final TestDatabase.Kind kind;
  protected final TestClock clock;
  private final List<Class<?>> entities;
  protected TestDatabase database;
  protected EntityManagerFactory emf;

  /**
   * @param kind the database this instance runs on
   * @param now where the clock starts
   * @param entities the entities the factory manages
   */
  protected DatabaseSuite(TestDatabase.Kind kind, Instant now, Class<?>... entities) {
    this.kind = kind;
    this.clock = new TestClock(now);
    this.entities = List.of(entities);
  }

  @BeforeEach
  protected void openDatabase() {
    database = TestDatabase.create(kind);
    emf = Jpa.factory(database, entities, properties());
  }

  /** The factory's properties beyond those of {@link Jpa}; none unless a suite says otherwise. */
  protected Map<String, ?> properties() {
    return Map.of();
  }

  @AfterEach
  protected void closeDatabase() throws Exception {
    if (database == null) {
      return; // skipped before it was created (-Dtest.databases)
    }
    if (emf != null) {
      emf.close();
    }
    database.close();
  }

  /** The ids a JPQL query selects, as a sorted set. */
  protected <T> Set<T> ids(String jpql, Class<T> type) {
    return Jpa.inTransaction(emf, em -> new TreeSet<>(em.createQuery(jpql, type).getResultList()));
  }

  /** The {@code Long} ids a JPQL query selects, as a sorted set. */
  protected Set<Long> ids(String jpql) {
    return ids(jpql, Long.class);
  }
}
