package dev.retention.sample;

import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * Shows the whole path: entities annotated {@code @Ttl}, passes generated at compile time, a runtime that discovers
 * them, and expired rows going in bounded batches while the rest stay.
 */
public final class SampleApp {

  /** How long the sample waits for the backlog to drain before it gives up. */
  private static final Duration DRAIN_TIMEOUT = Duration.ofMinutes(2);

  /** Held here because java.util.logging keeps loggers weakly: a level set on a dropped logger is lost. */
  private static final List<Logger> QUIETED = List.of(Logger.getLogger("org.hibernate"),
      Logger.getLogger("org.hibernate.orm.connections.pooling"), Logger.getLogger("dev.retention"));

  private SampleApp() {}

  public static void main(String[] args) throws InterruptedException {
    System.exit(run(System.out, System.err, args));
  }

  /** Runs the sample and returns its exit status: 0 when the backlog drained, 1 when it did not, 2 on bad usage. */
  static int run(PrintStream out, PrintStream err, String... args) throws InterruptedException {
    SampleOptions options;
    try {
      options = SampleOptions.parse(args);
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      err.println(SampleOptions.USAGE);
      return 2;
    }
    if (options.help()) {
      out.println(SampleOptions.USAGE);
      return 0;
    }
    quietFrameworkLogging();
    Clock clock = Clock.systemDefaultZone();
    String database = options.jdbcUrl().orElse("embedded H2 (in memory)");
    int status;
    try (EntityManagerFactory emf = SampleDatabase.open(options)) {
      out.printf("Seeding %,d rows, about half of them expired, into %s ...%n", options.rows(), database);
      Seeder.SeedCounts seeded = new Seeder(emf, clock, out, Seeder.BIG_SEED).seed(options.rows());
      out.printf("Seeded %,d audit entries, %,d sessions, %,d web sessions (epoch milliseconds), %,d notifications,"
          + " %,d tenant notifications (4 tenants and none), %,d job payloads, %,d report jobs (a third running), %,d"
          + " carts (3 items each).%n", seeded.auditEntries(), seeded.sessions(), seeded.webSessions(),
          seeded.notifications(), seeded.tenantNotifications(), seeded.jobPayloads(), seeded.reportJobs(),
          seeded.carts());
      status = drain(out, err, emf, clock, options);
    }
    // Closing the factory dropped the tables it created (create-drop), on a database of the user's own.
    if (options.jdbcUrl().isPresent()) {
      out.println(options.keep() ? "Kept the sample_* tables in " + database + " (--keep)."
          : "Dropped the sample_* tables it created in " + database + " (--keep keeps them).");
    }
    return status;
  }

  private static int drain(PrintStream out, PrintStream err, EntityManagerFactory emf, Clock clock,
      SampleOptions options) throws InterruptedException {
    Progress progress = new Progress(out, isTerminal());
    try (RetentionRuntime retention = RetentionRuntime.builder(emf)
        .clock(clock)
        .zone(clock.getZone())
        // A service would keep the default stagger of up to a minute; the sample starts every pass at once.
        .defaults(RetentionOptions.empty().withMaxStartupStagger(Duration.ZERO).withDryRun(options.dryRun()))
        .listener(progress)
        .beforeDelete(AuditArchive.PASS, new AuditArchive())
        .configuration(configuration())
        .build()) {
      SignIns.simulate(out, retention);
      progress.track(retention.passes().stream().map(RetentionPass::name).collect(Collectors.toList()));
      out.printf("Starting the retention runtime: %d passes%s.%n", retention.passes().size(),
          options.dryRun() ? ", dry run: nothing will be deleted" : "");
      retention.start();
      boolean drained = progress.awaitDrained(DRAIN_TIMEOUT);
      SummaryTable.print(out, retention, progress.totals(), options.dryRun());
      out.println();
      printExpiredLeft(out, emf, clock);
      if (!drained) {
        err.println("The backlog did not drain within " + DRAIN_TIMEOUT + "; see the failures above.");
        return 1;
      }
      if (options.watch()) {
        watchUntilInterrupted(out, retention);
      }
      return 0;
    }
  }

  /**
   * Counts, per pass, the rows still expired now: none after a real run, the whole backlog after a dry run. A dry run
   * of the same configuration counts them as the runtime judges them, each scope by its own window.
   */
  private static void printExpiredLeft(PrintStream out, EntityManagerFactory emf, Clock clock) {
    Properties configuration = configuration();
    configuration.setProperty("retention.defaults.dry-run", "true");
    try (RetentionRuntime counting = RetentionRuntime.builder(emf).clock(clock).zone(clock.getZone())
        .configuration(configuration).build()) {
      StringBuilder line = new StringBuilder("Expired rows left:");
      for (SweepReport report : counting.sweepAll()) {
        line.append(String.format(" %s %,d;", Progress.simpleName(report.pass()), report.deleted()));
      }
      out.println(line.substring(0, line.length() - 1));
    }
  }

  /** The sample's retention.properties, as an application passes its own configuration to the runtime. */
  private static Properties configuration() {
    Properties properties = new Properties();
    try (InputStream in = SampleApp.class.getResourceAsStream("/retention.properties")) {
      if (in == null) {
        throw new IllegalStateException("retention.properties is missing from the sample's jar");
      }
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("could not read retention.properties", e);
    }
    return properties;
  }

  private static void watchUntilInterrupted(PrintStream out, RetentionRuntime retention) throws InterruptedException {
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      retention.close();
      out.println("Retention runtime closed.");
      stopped.countDown();
    }, "retention-sample-shutdown"));
    out.println("Watching: the runtime sweeps each pass again after its interval. Press Ctrl-C to stop.");
    stopped.await();
  }

  /** Hibernate's start-up lines would drown the sample's own output; warnings still show. */
  static void quietFrameworkLogging() {
    QUIETED.forEach(logger -> logger.setLevel(Level.WARNING));
    // "Using built-in connection pool": true of a sample, and no concern of its reader.
    QUIETED.get(1).setLevel(Level.SEVERE);
  }

  /** Whether output goes to a terminal, where progress can be redrawn in place. */
  private static boolean isTerminal() {
    java.io.Console console = System.console();
    if (console == null || "dumb".equals(System.getenv("TERM"))) {
      return false;
    }
    try {
      Method isTerminal = java.io.Console.class.getMethod("isTerminal");
      return (Boolean) isTerminal.invoke(console);
    } catch (NoSuchMethodException beforeJava22) {
      return true;
    } catch (ReflectiveOperationException e) {
      return false;
    }
  }
}
