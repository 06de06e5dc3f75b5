package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.BatchReport;
import dev.retention.runtime.ScopeWindows;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.SweepThrottle;
import dev.retention.runtime.TransactionRunner;
import dev.retention.runtime.internal.database.DatabaseDetection;
import dev.retention.runtime.internal.database.Deadlocks;
import dev.retention.runtime.internal.lock.PassLocks;
import dev.retention.runtime.internal.pacing.PacingSources;
import dev.retention.runtime.internal.pacing.PacingTime;
import dev.retention.runtime.internal.pacing.ReplicaWatch;
import dev.retention.runtime.internal.partition.PartitionPlan;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.scope.ScopeValues;
import dev.retention.runtime.internal.scope.ScopeWindowing;
import dev.retention.runtime.internal.shape.ShapeChoice;
import dev.retention.runtime.internal.transaction.BatchTransactions;
import dev.retention.runtime.internal.transaction.RunnerTransactions;
import dev.retention.runtime.internal.transaction.TransactionChoice;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceConfiguration;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * A sweeper of {@link LoopNote} on an H2 database of its own, in memory, with its shape scripted, a fixed clock, a
 * monotonic timer the test moves, and a stop signal whose pauses never wait.
 */
final class LoopFixture implements AutoCloseable {

  static final Instant NOW = Instant.parse("2026-06-01T12:00:00Z");
  private static final AtomicInteger DATABASES = new AtomicInteger();
  /** Hibernate's start-up lines, quiet: held here, since the logging framework keeps loggers only weakly. */
  private static final java.util.logging.Logger HIBERNATE = java.util.logging.Logger.getLogger("org.hibernate");

  static {
    HIBERNATE.setLevel(java.util.logging.Level.SEVERE);
  }

  final EntityManagerFactory emf;
  final ScriptedShape shape = new ScriptedShape();
  /** The monotonic source, in nanoseconds: moved only by the test. */
  final AtomicLong nanos = new AtomicLong(-5_000_000_000L);
  final TestStop stop = new TestStop();
  /** What the listener heard, in order. */
  final List<String> heard = new ArrayList<>();
  private Consumer<BatchReport> onBatch = batch -> {};
  /** The throttle the sweepers made from now on ask. */
  final AtomicReference<SweepThrottle> throttle = new AtomicReference<>(SweepThrottle.NEVER_HOLDS);
  /** The replicas the sweepers made from now on read; none until a test sets some. */
  Optional<ReplicaWatch> replicas = Optional.empty();
  /** Pacing's time: the test's monotonic source, which a pause moves on at once (unless the runtime stops). */
  final PacingTime pacingTime = new PacingTime() {
    @Override
    public long nanoTime() {
      return nanos.get();
    }

    @Override
    public boolean pause(Duration delay) {
      if (stop.stopRequested()) {
        return false;
      }
      nanos.addAndGet(delay.toNanos());
      return true;
    }
  };
  private long nextId = 1;

  LoopFixture() {
    PersistenceConfiguration configuration = new PersistenceConfiguration("loop")
        .property(PersistenceConfiguration.JDBC_URL,
            "jdbc:h2:mem:loop-" + DATABASES.incrementAndGet() + ";DB_CLOSE_DELAY=-1")
        .property(PersistenceConfiguration.JDBC_USER, "sa")
        .property(PersistenceConfiguration.SCHEMAGEN_DATABASE_ACTION, "drop-and-create")
        .property("hibernate.jdbc.time_zone", "UTC")
        .managedClass(LoopNote.class);
    emf = configuration.createEntityManagerFactory();
  }

  /** Runs {@code action} after each batch the listener hears of. */
  void onBatch(Consumer<BatchReport> action) {
    onBatch = action;
  }

  /** A sweeper of the pass without a scope, in resource-local transactions. */
  Sweeper unscoped(LoopSettings settings) {
    return sweeper(LoopNotePass.unscoped(), settings, null, TransactionChoice.detect(emf, Optional.empty()));
  }

  /** A sweeper of the pass without a scope, each batch in the transactions of {@code runner}. */
  Sweeper unscoped(LoopSettings settings, TransactionRunner runner) {
    return sweeper(LoopNotePass.unscoped(), settings, null, new RunnerTransactions(runner, false));
  }

  /** A sweeper of the pass by tenant, the windows of {@code code} beside the pass's. */
  Sweeper byTenant(LoopSettings settings, ScopeWindows code) {
    ScopeWindowing windows = new ScopeWindowing(new ScopeValues(settings.pass(), "tenant", String.class),
        settings.retention(), Map.of(), code);
    return sweeper(LoopNotePass.byTenant(), settings, windows, TransactionChoice.detect(emf, Optional.empty()));
  }

  private Sweeper sweeper(LoopNotePass pass, LoopSettings settings, ScopeWindowing windows,
      BatchTransactions transactions) {
    SweepEnvironment environment = new SweepEnvironment(emf, transactions, Clock.fixed(NOW, ZoneOffset.UTC),
        ZoneOffset.UTC, new Listener(), stop, nanos::get, PassLocks.NONE,
        Deadlocks.of(DatabaseDetection.of(emf)),
        new PacingSources(replicas, throttle, pacingTime, Optional.empty()), DatabaseDetection.of(emf).skipsLockedRows());
    return new Sweeper(environment, PassModel.of(pass, emf.getMetamodel()), settings,
        new ShapeChoice.Choice(shape, List.of()), windows, PartitionPlan.NONE, StatementWatch.NONE);
  }

  /** Stores {@code count} rows of {@code tenant} (null: none), {@code age} old, a second apart, the oldest first. */
  void persist(int count, Duration age, String tenant) {
    inTransaction(em -> {
      for (int i = 0; i < count; i++) {
        em.persist(new LoopNote(nextId++, NOW.minus(age).minusSeconds(count - i), tenant));
      }
    });
  }

  /**
   * Holds the row {@code id} in a transaction of its own, as an application working on it would (an update, not
   * committed), until the returned handle is closed, which rolls it back.
   */
  AutoCloseable hold(long id) {
    EntityManager em = emf.createEntityManager();
    em.getTransaction().begin();
    em.createQuery("update LoopNote e set e.tenant = e.tenant where e.id = :id").setParameter("id", id)
        .executeUpdate();
    return () -> {
      em.getTransaction().rollback();
      em.close();
    };
  }

  long count() {
    return read("select count(e) from LoopNote e", null);
  }

  long count(String tenant) {
    return read("select count(e) from LoopNote e where e.tenant = :tenant", tenant);
  }

  private long read(String jpql, String tenant) {
    EntityManager em = emf.createEntityManager();
    try {
      var query = em.createQuery(jpql, Long.class);
      if (tenant != null) {
        query.setParameter("tenant", tenant);
      }
      return query.getSingleResult();
    } finally {
      em.close();
    }
  }

  private void inTransaction(Consumer<EntityManager> work) {
    EntityManager em = emf.createEntityManager();
    try {
      em.getTransaction().begin();
      work.accept(em);
      em.getTransaction().commit();
    } finally {
      em.close();
    }
  }

  @Override
  public void close() {
    emf.close();
  }

  /** Pauses that never wait: each is noted, and ends at once unless a stop was asked. */
  static final class TestStop extends StopSignal {

    final List<Duration> pauses = new ArrayList<>();

    @Override
    public boolean pause(Duration delay) {
      pauses.add(delay);
      return !stopRequested();
    }
  }

  private final class Listener implements SweepListener {

    @Override
    public void sweepStarted(String pass, Instant cutoff, boolean dryRun) {
      heard.add("started " + cutoff);
    }

    @Override
    public void batchStarted(String pass, int number) {
      heard.add("batch " + number);
    }

    @Override
    public void batchCompleted(BatchReport batch) {
      heard.add("batch " + batch.number() + " deleted " + batch.deleted());
      onBatch.accept(batch);
    }

    @Override
    public void sweepFinished(SweepReport report) {
      heard.add("finished " + report.deleted());
    }
  }
}
