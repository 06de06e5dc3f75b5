package dev.retention.sample.jakarta;

import dev.retention.runtime.RetentionRuntime;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceUnit;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Starts the runtime with the application and closes it with the application, as the guide's "Jakarta EE" section
 * writes it: the container's JTA unit, its managed threads, each batch in a {@code REQUIRES_NEW} EJB method.
 */
@Startup
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)  // the runtime is thread-safe: no container lock around it
public class RetentionLifecycle {

  private static final Logger LOGGER = Logger.getLogger(RetentionLifecycle.class.getName());

  /** The tokens seeded before the runtime starts, for its first background sweep to delete. */
  static final int EXPIRED_AT_START = 40;
  static final int LIVE_AT_START = 5;

  @PersistenceUnit(unitName = "app")           // the application's own unit, transaction-type="JTA"
  EntityManagerFactory emf;

  @Resource
  ManagedThreadFactory threads;                // java:comp/DefaultManagedThreadFactory

  @EJB
  RetentionTransactions requiresNew;

  @EJB
  Tokens tokens;

  private RecordedThreads sweeperThreads;
  private RetentionRuntime retention;

  @PostConstruct
  void start() {
    tokens.seed(EXPIRED_AT_START, LIVE_AT_START);
    sweeperThreads = new RecordedThreads(threads);
    retention = RetentionRuntime.builder(emf)
        .classLoader(RetentionLifecycle.class.getClassLoader())  // the application's, where its passes are
        .configuration(Map.of(
            // The first sweep at once, the next in an hour: the sample's on-demand sweeps then race no background one.
            "retention.defaults.max-startup-stagger", "0",
            "retention.defaults.sweep-interval", "1h",
            "retention.defaults.batch-size", "15"))                // several batches, each a transaction
        .threadFactory(sweeperThreads)                           // the sweepers run on container-managed threads
        .transactions(requiresNew::run)                          // each batch in a transaction of its own
        .build()
        .start();
  }

  @PreDestroy
  void stop() {
    retention.close();                         // the container closes the factory after
    try {
      List<String> left = sweeperThreads.awaitEnd(10_000);
      LOGGER.log(left.isEmpty() ? Level.INFO : Level.WARNING,
          "Retention sample stopping: " + left.size() + " sweeper threads alive after close() " + left);
    } catch (InterruptedException e) {
      // A lifecycle method may throw no checked exception: keep the interrupt for the container, say what was cut.
      Thread.currentThread().interrupt();
      LOGGER.log(Level.WARNING, "Retention sample stopping: interrupted while awaiting the end of the sweeper"
          + " threads " + sweeperThreads.alive(), e);
    }
  }

  public RetentionRuntime runtime() {
    return retention;
  }

  /** The names of the runtime's sweeper threads that are alive now. */
  public List<String> sweeperThreads() {
    return sweeperThreads.alive();
  }
}
