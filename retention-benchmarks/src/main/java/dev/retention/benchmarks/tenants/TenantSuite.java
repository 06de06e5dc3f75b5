package dev.retention.benchmarks.tenants;

import dev.retention.benchmarks.database.StatementCounter;
import dev.retention.benchmarks.model.ExpiringRow;
import dev.retention.benchmarks.model.TenantRow;
import dev.retention.it.support.DatabaseUnavailableException;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.ScratchDatabase;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.io.PrintStream;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.hibernate.context.spi.CurrentTenantIdentifierResolver;
import org.hibernate.resource.jdbc.spi.StatementInspector;

/**
 * {@code --modes=tenants}: what rounds over tenants that Hibernate keeps apart cost, counted in statements (Hibernate's,
 * through a statement inspector, and every JDBC statement, the connection's search path and the sweep locks among
 * them) and timed. A schema per tenant ({@code --tenant-schemas}; a database per tenant on MariaDB), 1% of them with
 * expired rows: the first round, which visits every tenant once, idle rounds, and a round that drains the due tenants;
 * then a sign-in sweep of one tenant while a round over a tenth of the tenants with a backlog each runs in another
 * thread, as the background's does. And {@code --tenants} values of one {@code @TenantId} column: the same rounds.
 * Every figure is checked against the rows left: a round that leaves an expired row of a due tenant fails the run.
 */
public final class TenantSuite {

  static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

  private static final String SCHEMA_PASS = ExpiringRow.class.getName();
  private static final String VALUE_PASS = TenantRow.class.getName();
  private static final int LIVE = 5;
  private static final int EXPIRED = 100;
  private static final int VALUE_EXPIRED = 10;
  private static final int BACKLOG = 2_000;

  private final int schemas;
  private final int values;
  private final int repeats;
  private final boolean requireServers;
  private final PrintStream print;
  private final AtomicLong hibernateStatements = new AtomicLong();
  private final StatementInspector counting = sql -> {
    hibernateStatements.incrementAndGet();
    return sql;
  };

  public TenantSuite(int schemas, int values, int repeats, boolean requireServers, PrintStream print) {
    this.schemas = schemas;
    this.values = values;
    this.repeats = Math.max(1, repeats);
    this.requireServers = requireServers;
    this.print = print;
  }

  public void run(List<TestDatabase.Kind> kinds) throws Exception {
    print.println();
    print.println("Rounds over tenants (statements: Hibernate's / every JDBC statement)");
    for (TestDatabase.Kind kind : kinds) {
      if (kind == TestDatabase.Kind.H2) {
        print.println("[skipped] H2: tenants' schemas and @TenantId values are measured on the servers");
        continue;
      }
      ScratchDatabase database;
      try {
        database = ScratchDatabase.create(kind, "retention_bench_");
      } catch (DatabaseUnavailableException e) {
        if (requireServers) {
          throw new IllegalStateException(e.getMessage() + " (--require-servers=true)", e);
        }
        print.println("[skipped] " + kind.label() + ": " + e.getMessage());
        continue;
      }
      try (database) {
        schemaPerTenant(database);
        tenantValues(database);
      }
    }
  }

  private void schemaPerTenant(ScratchDatabase database) throws Exception {
    List<String> tenants = TenantTables.tenants(schemas);
    List<String> due = everyNth(tenants, 100);
    TenantTables tables = new TenantTables(database);
    SchemaConnections connections = new SchemaConnections(database);
    EntityManagerFactory emf = Jpa.factory(database, List.of(ExpiringRow.class), Map.of(
        "hibernate.multi_tenant_connection_provider", connections,
        "hibernate.tenant_identifier_resolver", new BackgroundTenant(tenants.get(0)),
        "hibernate.session_factory.statement_inspector", counting));
    String label = "[" + database.kind().key() + " " + String.format(Locale.ROOT, "%,d", schemas) + " schemas]";
    try {
      tables.createSchemas(tenants, LIVE);
      Visits visits = new Visits();
      try (RetentionRuntime retention = runtime(emf, visits).tenants(() -> tenants).build()) {
        round(label, "first round (each tenant's session says where its table is)", visits,
            () -> retention.sweep(SCHEMA_PASS));
        for (int repeat = 1; repeat <= repeats; repeat++) {
          round(label, "idle round #" + repeat, visits, () -> retention.sweep(SCHEMA_PASS));
        }
        for (int repeat = 1; repeat <= repeats; repeat++) {
          for (String tenant : due) {
            tables.expire(tenant, repeat * 10_000L, EXPIRED);
          }
          SweepReport drain = round(label, "drain round #" + repeat + " of " + due.size() + " tenants x " + EXPIRED
              + " rows", visits, () -> retention.sweep(SCHEMA_PASS));
          for (String tenant : due) {
            if (tables.expiredLeft(tenant) != 0) {
              throw new IllegalStateException(label + " the drain round left expired rows of " + tenant + ": "
                  + drain);
            }
          }
        }
        signIn(label, tables, retention, tenants, visits);
      }
    } finally {
      emf.close();
      connections.close();
      tables.dropSchemas(tenants);
    }
  }

  /**
   * A tenth of the tenants get a backlog, a round over them starts in another thread, and once it has swept its first
   * tenant a tenant with rows of its own signs in: how long its sweep took, against the round's.
   */
  private void signIn(String label, TenantTables tables, RetentionRuntime retention, List<String> tenants,
      Visits visits) throws Exception {
    List<String> busy = everyNth(tenants, 10);
    String signingIn = tenants.get(tenants.size() - 2);
    for (String tenant : busy) {
      tables.expire(tenant, 1_000_000L, BACKLOG);
    }
    tables.expire(signingIn, 2_000_000L, EXPIRED);
    CountDownLatch firstSwept = visits.awaitOne();
    long roundStart = System.nanoTime();
    CompletableFuture<SweepReport> round = CompletableFuture.supplyAsync(() -> retention.sweep(SCHEMA_PASS));
    if (!firstSwept.await(10, TimeUnit.MINUTES)) {
      throw new IllegalStateException(label + " the round swept no tenant within 10 minutes");
    }
    long start = System.nanoTime();
    SweepReport signedIn = retention.sweepTenant(SCHEMA_PASS, signingIn);
    long signInNanos = System.nanoTime() - start;
    boolean roundStillRunning = !round.isDone();
    SweepReport background = round.get(30, TimeUnit.MINUTES);
    long roundNanos = System.nanoTime() - roundStart;
    print.printf(Locale.ROOT, "%s sign-in sweep of %s while a round over %d tenants with %,d expired rows each runs:"
        + " %.1f ms, %d rows deleted, work left: %s, failure: %s; the round still running at its end: %s; the round"
        + " %.1f ms, %,d rows deleted, work left: %s%n", label, signingIn, busy.size(), BACKLOG, signInNanos / 1e6,
        signedIn.deleted(), signedIn.workRemains(), signedIn.failure().map(Throwable::toString).orElse("none"),
        roundStillRunning, roundNanos / 1e6, background.deleted(), background.workRemains());
    if (tables.expiredLeft(signingIn) != 0 && !signedIn.workRemains()) {
      throw new IllegalStateException(label + " the sign-in sweep left expired rows of " + signingIn
          + " and said it had no work left: " + signedIn);
    }
  }

  private void tenantValues(ScratchDatabase database) throws Exception {
    List<String> tenants = TenantTables.tenants(values);
    List<String> due = everyNth(tenants, 100);
    TenantTables tables = new TenantTables(database);
    EntityManagerFactory emf = Jpa.factory(database, List.of(TenantRow.class), Map.of(
        "jakarta.persistence.jdbc.url", StatementCounter.url(database.url()),
        "hibernate.tenant_identifier_resolver", new BackgroundTenant(tenants.get(0)),
        "hibernate.session_factory.statement_inspector", counting));
    String label = "[" + database.kind().key() + " " + String.format(Locale.ROOT, "%,d", values)
        + " @TenantId values]";
    try {
      tables.loadTenantRows(tenants, List.of(), 0);
      Visits visits = new Visits();
      try (RetentionRuntime retention = runtime(emf, visits).tenants(() -> tenants).build()) {
        round(label, "first round (every tenant visited)", visits, () -> retention.sweep(VALUE_PASS));
        for (int repeat = 1; repeat <= repeats; repeat++) {
          round(label, "idle round #" + repeat, visits, () -> retention.sweep(VALUE_PASS));
        }
        for (int repeat = 1; repeat <= repeats; repeat++) {
          tables.expireTenantRows(due, repeat * 1_000_000L, VALUE_EXPIRED);
          SweepReport drain = round(label, "drain round #" + repeat + " of " + due.size() + " tenants x "
              + VALUE_EXPIRED + " rows", visits, () -> retention.sweep(VALUE_PASS));
          if (tables.tenantRowsExpiredLeft() != 0) {
            throw new IllegalStateException(label + " the drain round left expired rows: " + drain);
          }
        }
      }
    } finally {
      emf.close();
    }
  }

  private static RetentionRuntime.Builder runtime(EntityManagerFactory emf, Visits visits) {
    return RetentionRuntime.builder(emf).clock(Clock.fixed(NOW, ZoneOffset.UTC)).zone(ZoneOffset.UTC)
        .listener(visits);
  }

  private SweepReport round(String label, String what, Visits visits, Supplier<SweepReport> sweep) {
    visits.reset();
    long hibernate = hibernateStatements.get();
    long jdbc = StatementCounter.executed();
    long start = System.nanoTime();
    SweepReport report = sweep.get();
    long nanos = System.nanoTime() - start;
    print.printf(Locale.ROOT, "%s %s: %,d / %,d statements, %.1f ms, %,d tenants visited, %,d rows deleted%s%n",
        label, what, hibernateStatements.get() - hibernate, StatementCounter.executed() - jdbc, nanos / 1e6,
        visits.count(), report.deleted(), report.failure().map(failure -> ", failure: " + failure).orElse(""));
    if (report.failure().isPresent()) {
      throw new IllegalStateException(label + " " + what + " failed: " + report, report.failure().get());
    }
    return report;
  }

  /** Every {@code n}th of {@code tenants}, from the seventh: 1% of them for 100, spread over the list. */
  private static List<String> everyNth(List<String> tenants, int n) {
    return IntStream.range(0, tenants.size()).filter(i -> i % n == 7 % n).mapToObj(tenants::get).toList();
  }

  /** The tenants' sweeps the listener was told of, and a latch for the next one. */
  private static final class Visits implements SweepListener {

    private final AtomicLong visited = new AtomicLong();
    private volatile CountDownLatch next = new CountDownLatch(0);

    @Override
    public void sweepFinished(SweepReport report) {
      if (report.tenant().isPresent()) {
        visited.incrementAndGet();
        next.countDown();
      }
    }

    void reset() {
      visited.set(0);
    }

    long count() {
      return visited.get();
    }

    CountDownLatch awaitOne() {
      next = new CountDownLatch(1);
      return next;
    }
  }

  /** The resolver applications write: on a thread with no request, such as the sweeper's, a fallback tenant. */
  private record BackgroundTenant(String fallback) implements CurrentTenantIdentifierResolver<String> {

    @Override
    public String resolveCurrentTenantIdentifier() {
      return fallback;
    }

    @Override
    public boolean validateExistingCurrentSessions() {
      return false;
    }
  }
}
