package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.CachedToken;
import dev.retention.it.model.SessionToken;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.LockModeType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.hibernate.resource.jdbc.spi.StatementInspector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What concurrent work does to a sweep, on each database: the second-level cache, a row whose date moves in the middle
 * of a batch, and a row a foreground transaction holds.
 */
@Timeout(120)
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class CacheAndRaceTest {

  /**
   * Without SKIP LOCKED (H2, the portable JPQL) a batch waits for a held row until its lock or statement timeout and
   * fails, which the runtime warns of.
   */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention")
      .allow("failed: .*(LockTimeoutException|QueryTimeoutException|canceling statement due to user request)");

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String SESSIONS = SessionToken.class.getName();

  final TestClock clock = new TestClock(NOW);
  /** Runs the foreground update when the next DELETE is about to be sent, i.e. between a batch's two statements. */
  final RaceInjector injector = new RaceInjector();
  TestDatabase database;
  EntityManagerFactory emf;

  @Parameter
  TestDatabase.Kind kind;

  TestDatabase.Kind kind() {
    return kind;
  }

  @BeforeEach
  void openDatabase() {
    database = TestDatabase.create(kind());
    emf = Jpa.factory(database, List.of(SessionToken.class, CachedToken.class), Map.of(
        "jakarta.persistence.sharedCache.mode", "ENABLE_SELECTIVE",
        "hibernate.cache.use_second_level_cache", "true",
        "hibernate.cache.region.factory_class", "jcache",
        "hibernate.javax.cache.provider", "com.github.benmanes.caffeine.jcache.spi.CaffeineCachingProvider",
        "hibernate.javax.cache.missing_cache_strategy", "create",
        "hibernate.session_factory.statement_inspector", injector));
  }

  @AfterEach
  void closeDatabase() throws Exception {
    if (emf != null) {
      emf.close();
    }
    if (database != null) {
      database.close();
    }
  }

  @ParameterizedTest(name = "portable statements only: {0}")
  @ValueSource(booleans = {false, true})
  void noDeletedRowIsServedFromTheSecondLevelCache(boolean portable) {
    Jpa.persistAll(emf, List.of(new CachedToken(1, NOW.minusSeconds(60)), new CachedToken(2, NOW.plusSeconds(60))));
    Jpa.run(emf, em -> {
      assertNotNull(em.find(CachedToken.class, 1L));
      assertNotNull(em.find(CachedToken.class, 2L));
    });
    assertTrue(emf.getCache().contains(CachedToken.class, 1L), "the expired token is cached before the sweep");

    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).portableStatements(portable)
        .build()) {
      assertEquals(1, retention.sweep(CachedToken.class.getName()).deleted());
    }

    // What matters is what a read gets: removing an entity leaves a soft lock in a read-write cache region, which
    // Cache.contains reports but no read is served from.
    Jpa.run(emf, em -> {
      assertNull(em.find(CachedToken.class, 1L), "the deleted token is gone, from the cache too");
      assertNotNull(em.find(CachedToken.class, 2L));
    });
    Jpa.run(emf, em -> assertNull(em.find(CachedToken.class, 1L), "and it stays gone"));
  }

  @Test
  void aRowExtendedBetweenABatchsSelectionAndItsDeleteIsKept() {
    Jpa.persistAll(emf, List.of(new SessionToken(1, NOW.minusSeconds(60)), new SessionToken(2, NOW.minusSeconds(30))));
    injector.beforeNextDelete(() -> execute("update session_token set expiresAt = ? where id = 1",
        java.sql.Timestamp.from(NOW.plus(Duration.ofDays(1)))));

    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).portableStatements(true).build()) {
      SweepReport report = retention.sweep(SESSIONS);

      assertTrue(injector.fired(), "the update landed between the select and the delete");
      assertEquals(1, report.deleted(), "only the row still expired when the delete ran");
    }
    assertEquals(List.of(1L), ids(), "the extended session is kept");
  }

  @Test
  void aBatchCutShortByARaceDoesNotEndTheSweepWhileExpiredRowsRemain() {
    Jpa.persistAll(emf, List.of(new SessionToken(1, NOW.minusSeconds(90)), new SessionToken(2, NOW.minusSeconds(60)),
        new SessionToken(3, NOW.minusSeconds(30))));
    injector.beforeNextDelete(() -> execute("update session_token set expiresAt = ? where id = 1",
        java.sql.Timestamp.from(NOW.plus(Duration.ofDays(1)))));

    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).portableStatements(true)
        .defaults(RetentionOptions.empty().withBatchSize(2))
        .build()) {
      SweepReport report = retention.sweep(SESSIONS);

      assertEquals(2, report.deleted(), "the first batch kept the extended row and took one; the next took the last");
      assertTrue(report.lag().isEmpty());
    }
    assertEquals(List.of(1L), ids());
  }

  @ParameterizedTest(name = "portable statements only: {0}")
  @ValueSource(booleans = {false, true})
  void aRowAForegroundTransactionHoldsIsNeitherWaitedForeverNorLostAndGoesOnceReleased(boolean portable)
      throws Exception {
    Jpa.persistAll(emf, List.of(new SessionToken(1, NOW.minusSeconds(60)), new SessionToken(2, NOW.minusSeconds(30))));
    EntityManager foreground = emf.createEntityManager();
    foreground.getTransaction().begin();
    foreground.find(SessionToken.class, 1L, LockModeType.PESSIMISTIC_WRITE);

    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).portableStatements(portable)
        .defaults(RetentionOptions.empty().withBatchTimeout(Duration.ofSeconds(1)))
        .build()) {
      SweepReport whileHeld = retention.sweep(SESSIONS);

      if (whileHeld.failure().isPresent()) {
        // Without SKIP LOCKED the batch waits for the lock until its timeout, fails, rolls back and is reported.
        assertEquals(0, whileHeld.deleted());
      } else {
        // With SKIP LOCKED the held row is passed over and the others go.
        assertEquals(1, whileHeld.deleted());
      }
      assertTrue(whileHeld.lag().isPresent(), "the held row is still expired and still there");
      foreground.getTransaction().commit();
      foreground.close();

      SweepReport afterRelease = retention.sweep(SESSIONS);

      assertTrue(afterRelease.succeeded());
      assertEquals(List.of(), ids());
      assertEquals(2, whileHeld.deleted() + afterRelease.deleted());
    } finally {
      if (foreground.isOpen()) {
        foreground.getTransaction().rollback();
        foreground.close();
      }
    }
  }

  @Test
  void aRowExtendedByATransactionInFlightDuringTheSweepIsKept() throws Exception {
    Jpa.persistAll(emf, List.of(new SessionToken(1, NOW.minusSeconds(60)), new SessionToken(2, NOW.minusSeconds(30))));
    EntityManager foreground = emf.createEntityManager();
    foreground.getTransaction().begin();
    SessionToken extended = foreground.find(SessionToken.class, 1L, LockModeType.PESSIMISTIC_WRITE);
    extended.setExpiresAt(NOW.plus(Duration.ofDays(1)));
    foreground.flush();

    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock)
        .defaults(RetentionOptions.empty().withBatchTimeout(Duration.ofSeconds(1)))
        .build()) {
      retention.sweep(SESSIONS);
      foreground.getTransaction().commit();
      foreground.close();
      retention.sweep(SESSIONS);
    }

    assertEquals(List.of(1L), ids(), "the session extended while the sweep ran is kept");
  }

  private List<Long> ids() {
    return Jpa.inTransaction(emf, em -> em.createQuery("select s.id from SessionToken s order by s.id", Long.class)
        .getResultList());
  }

  /** Runs one statement in a connection and transaction of its own, committed at once. */
  private void execute(String sql, Object parameter) {
    try (Connection connection = database.connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setObject(1, parameter);
      assertEquals(1, statement.executeUpdate());
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException("the foreground update failed", e);
    }
  }

  /** Runs a foreground action, in another connection, just before the next DELETE statement is prepared. */
  static final class RaceInjector implements StatementInspector {
    private static final long serialVersionUID = 1L;

    private volatile Runnable action;
    private final AtomicBoolean fired = new AtomicBoolean();

    void beforeNextDelete(Runnable action) {
      this.action = action;
    }

    boolean fired() {
      return fired.get();
    }

    @Override
    public String inspect(String sql) {
      Runnable pending = action;
      if (pending != null && sql.trim().toLowerCase(java.util.Locale.ROOT).startsWith("delete")) {
        action = null;
        pending.run();
        fired.set(true);
      }
      return sql;
    }
  }
}
