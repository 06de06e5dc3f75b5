package dev.retention.runtime;

import dev.retention.runtime.generated.RetentionRegistry;
import dev.retention.runtime.internal.assembly.RuntimeAssembly;
import dev.retention.runtime.internal.assembly.RuntimeInput;
import dev.retention.runtime.internal.assembly.StartLine;
import dev.retention.runtime.internal.assembly.StopLine;
import dev.retention.runtime.internal.schedule.BackgroundSweeps;
import dev.retention.runtime.internal.report.Listeners;
import dev.retention.runtime.internal.schedule.SweepTimer;
import dev.retention.runtime.internal.schedule.SweeperThreads;
import dev.retention.runtime.internal.sweep.StopSignal;
import dev.retention.runtime.internal.sweep.Sweeper;
import dev.retention.runtime.internal.transaction.BatchTransactions;
import dev.retention.runtime.internal.transaction.JtaTransactions;
import dev.retention.runtime.internal.transaction.RunnerTransactions;
import dev.retention.runtime.internal.transaction.UserTransactions;
import jakarta.persistence.EntityManagerFactory;
import jakarta.transaction.TransactionManager;
import jakarta.transaction.UserTransaction;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * Discovers the generated retention passes and sweeps them: in the background once {@link #start() started}, or on
 * demand with {@link #sweepAll()} and {@link #sweep(String)}.
 *
 * <pre>{@code
 * try (RetentionRuntime retention = RetentionRuntime.start(entityManagerFactory)) {
 *   ... // the application runs; expired rows go in the background
 * }
 * }</pre>
 *
 * <p>Closing the runtime stops its sweepers; it does not close the {@code EntityManagerFactory}, which stays the
 * application's.
 */
@NullMarked
public final class RetentionRuntime implements AutoCloseable {

  private static final System.Logger LOGGER = System.getLogger(RetentionRuntime.class.getName());

  private final List<RetentionPass> passes;
  private final Map<String, Sweeper> sweepers;
  private final Clock clock;
  private final StopSignal stopSignal;
  private final BatchTransactions transactions;
  private final int maxConcurrentSweeps;
  private final Duration closeTimeout;
  private final ThreadFactory threadFactory;
  /** When background sweeps come due; empty for System.nanoTime(). Never the clock. */
  private final Optional<SweepTimer> sweepTimer;
  private final Listeners listeners;
  /** The throttle every pass's pacing asks, which {@link #throttle(SweepThrottle)} replaces. */
  private final AtomicReference<SweepThrottle> throttle;
  /** What the start line says of the database, where it is worth a word. */
  private final Optional<String> databaseNote;
  private @Nullable BackgroundSweeps background;
  private volatile boolean closed;

  private RetentionRuntime(RuntimeInput input, RuntimeAssembly.Assembled parts) {
    this.passes = parts.passes();
    this.transactions = parts.transactions();
    this.sweepers = parts.sweepers();
    this.clock = input.clock();
    this.stopSignal = parts.stopSignal();
    this.maxConcurrentSweeps = input.maxConcurrentSweeps();
    this.closeTimeout = input.closeTimeout();
    this.threadFactory = input.threadFactory().orElseGet(SweeperThreads::new);
    this.sweepTimer = input.sweepTimer();
    this.listeners = parts.listeners();
    this.throttle = parts.throttle();
    // Before any sweep can be reported, on-demand ones included: a listener's meters then start from their first value.
    listeners.runtimeBuilt(sweepers.values().stream().map(Sweeper::settings).collect(Collectors.toList()));
    this.databaseNote = parts.databaseNote();
  }

  /** A builder for a runtime over {@code emf}'s entities. */
  public static Builder builder(EntityManagerFactory emf) {
    return new Builder(emf);
  }

  /** Discovers the passes, checks them with the default options, and starts sweeping in the background. */
  public static RetentionRuntime start(EntityManagerFactory emf) {
    return builder(emf).build().start();
  }

  /** Every discovered pass whose entity the factory manages, enabled or not, sorted by name. */
  public List<RetentionPass> passes() {
    return passes;
  }

  /**
   * The options in force for {@code passName}, and the statements it deletes with
   * ({@link PassSettings#statementShape()}).
   *
   * @throws IllegalArgumentException when no pass has that name
   */
  public PassSettings settings(String passName) {
    return sweeper(passName).settings();
  }

  /**
   * The sweep of all of {@code passName}'s rows under way, in the background or called for ({@code sweepAll()},
   * {@code sweep(pass)}): when it began and the batches and rows it has committed so far. Empty when none is under way;
   * on-demand sweeps of one scope are not shown.
   *
   * @throws IllegalArgumentException when no pass has that name
   */
  public Optional<SweepInFlight> sweepInFlight(String passName) {
    return sweeper(passName).inFlight();
  }

  /**
   * Starts the background sweepers: the first sweep of each enabled pass after its startup offset, then one per
   * interval. Returns at once; calling it again does nothing.
   */
  public synchronized RetentionRuntime start() {
    checkOpen();
    if (background == null) {
      // Everything that can fail comes before the first thread: start() starts every sweeper or none.
      List<Sweeper> enabled = enabledSweepers();
      String startLine = StartLine.of(passes, enabled, transactions.name(), databaseNote);
      BackgroundSweeps sweeps = new BackgroundSweeps(sweepers,
          enabled.stream().map(Sweeper::settings).collect(Collectors.toList()), clock, stopSignal, maxConcurrentSweeps,
          threadFactory, sweepTimer.orElse(null));
      sweeps.start();
      background = sweeps;
      // A WARNING where nothing will be deleted: no pass found, or every sweep refused for want of transactions (a JTA
      // unit of EclipseLink's on Payara, say, without transactions(...)), which the line says how to fix.
      boolean nothingWillGo = passes.isEmpty() || !enabled.isEmpty() && transactions.refusesEverySweep();
      LOGGER.log(nothingWillGo ? Level.WARNING : Level.INFO, startLine);
    }
    return this;
  }

  /**
   * The last {@code Throwable} that escaped a background sweep: an {@code Error} in the sweep machinery itself. A
   * batch's ordinary failure is in its {@link SweepReport} instead. The pass it hit goes on sweeping after the failure
   * backoff; this stays set so that health checks can show it.
   */
  public Optional<Throwable> unexpectedFailure() {
    BackgroundSweeps sweeps;
    synchronized (this) {
      sweeps = background;
    }
    return sweeps == null ? Optional.empty() : sweeps.unexpectedFailure();
  }

  /**
   * Sweeps every enabled pass once, now, in this thread, one after the other. Each batch commits in a transaction of
   * its own, also when this thread holds a JTA transaction (suspended for the batch), so rolling that transaction back
   * brings no swept row back.
   *
   * @throws IllegalStateException when this thread holds a JTA transaction that the runtime cannot suspend (it has only
   *     a {@code UserTransaction}, or found no transaction manager for a JTA factory); the message says what to do
   */
  public List<SweepReport> sweepAll() {
    checkOpen();
    transactions.checkCallerMaySweep();
    List<SweepReport> reports = new ArrayList<>();
    for (Sweeper sweeper : enabledSweepers()) {
      reports.add(sweeper.sweep());
    }
    return reports;
  }

  /**
   * Sweeps one pass once, now, in this thread, each batch in a transaction of its own as {@link #sweepAll()} does. A
   * runtime given its tenants ({@link Builder#tenants}) runs one round over them, as a background sweep does, each
   * tenant's sweep reported to the listeners; what returns is the round's summary, which names no tenant.
   *
   * @throws IllegalArgumentException when no pass has that name, or the pass is disabled
   * @throws IllegalStateException when this thread holds a JTA transaction that the runtime cannot suspend
   */
  public SweepReport sweep(String passName) {
    return sweeperMaySweepNow(passName).sweep();
  }

  /**
   * The sweeper of an enabled pass, when this runtime is open and the calling thread may sweep.
   *
   * @throws IllegalArgumentException when no pass has that name, or the pass is disabled
   * @throws IllegalStateException when the runtime is closed, or this thread holds a JTA transaction the runtime cannot
   *     suspend
   */
  private Sweeper sweeperMaySweepNow(String passName) {
    checkOpen();
    transactions.checkCallerMaySweep();
    Sweeper sweeper = sweeper(passName);
    if (!sweeper.settings().enabled()) {
      throw new IllegalArgumentException("Pass " + passName + " is disabled (retention." + passName
          + ".enabled = false)");
    }
    return sweeper;
  }

  /**
   * Sweeps the rows of one scope of a pass whose entity has a {@code @TtlScope} attribute, now, in this thread: the
   * rows whose scope attribute equals {@code scopeValue} (null: the rows without one), against that scope's window.
   * Made for a request path, such as a user's sign-in sweeping that user's notifications:
   *
   * <ul>
   *   <li>bounded: at most {@code max-batches-per-scope} batches, none started after {@code scope-sweep-budget}, and
   *       no pause between them;
   *   <li>never throws: a failed batch, a bad value, an unknown or disabled pass, a closed runtime are all in the
   *       report's {@link SweepReport#failure() failure}, and the caller goes on;
   *   <li>never piles up: while a sweep of the same scope runs, another call comes back at once with no batch and
   *       {@link SweepReport#workRemains()} set.
   * </ul>
   *
   * @param passName the pass: its entity's fully qualified class name
   * @param scopeValue a value of the scope attribute, or its text ({@code "42"} for a {@code Long} attribute)
   */
  public SweepReport sweep(String passName, @Nullable Object scopeValue) {
    Instant now = clock.instant();
    Scope scope = Scope.of(scopeValue);
    try {
      Sweeper sweeper = sweeperMaySweepNow(passName);
      if (sweeper.model().scopeAttribute().isEmpty()) {
        throw new IllegalArgumentException("Pass " + passName + " has no @TtlScope attribute, so it has no scopes;"
            + (sweeper.perTenant() ? " sweepTenant(\"" + passName + "\", tenant) sweeps one tenant's rows"
                : " sweep(\"" + passName + "\") sweeps all its rows"));
      }
      if (sweeper.perTenant()) {
        throw new IllegalArgumentException("Pass " + passName + " is swept tenant by tenant: sweepTenant(\""
            + passName + "\", tenant, scopeValue) sweeps one scope of one tenant");
      }
      return sweeper.sweepScope(scopeValue == null ? scope : Scope.of(sweeper.scopeValues().convert(scopeValue)));
    } catch (Throwable e) {
      // The sweep reports what failed; this is the last guard of a caller that is often a request.
      LOGGER.log(Level.WARNING, () -> "Retention could not sweep " + scope + " of " + passName + ": " + e.getMessage());
      return SweepReport.builder(String.valueOf(passName), now, now)
          .failure(new SweepFailedException(String.valueOf(passName), scope.toString(), now, e))
          .scope(scope)
          .build();
    }
  }

  /**
   * Sweeps the rows of one tenant of a runtime given its tenants ({@link Builder#tenants}), now, in this thread, in
   * sessions opened for that tenant: made for a sign-in, bounded and safe as {@link #sweep(String, Object)} is (at most
   * {@code max-batches-per-scope} batches, none started after {@code scope-sweep-budget}; never throws: every problem
   * is in the report's {@link SweepReport#failure() failure}). It waits for no other tenant's sweep, the background
   * round's included; while a sweep of the same tenant on demand runs, another call comes back at once with no batch
   * and {@link SweepReport#workRemains()} set.
   *
   * @param passName the pass: its entity's fully qualified class name
   * @param tenant one of the tenants the runtime was given
   */
  public SweepReport sweepTenant(String passName, String tenant) {
    return sweepTenant(passName, tenant, Scope.all(), null);
  }

  /**
   * As {@link #sweepTenant(String, String)}, for the rows of one scope of that tenant, of a pass whose entity has a
   * {@code @TtlScope} attribute: the rows whose scope attribute equals {@code scopeValue} (null: those without one).
   *
   * @param scopeValue a value of the scope attribute, or its text ({@code "42"} for a {@code Long} attribute)
   */
  public SweepReport sweepTenant(String passName, String tenant, @Nullable Object scopeValue) {
    return sweepTenant(passName, tenant, Scope.of(scopeValue), scopeValue);
  }

  private SweepReport sweepTenant(String passName, String tenant, Scope scope, @Nullable Object scopeValue) {
    Instant now = clock.instant();
    try {
      Objects.requireNonNull(tenant, "tenant");
      Sweeper sweeper = sweeperMaySweepNow(passName);
      Scope converted = scope;
      if (!scope.isAll()) {
        if (sweeper.model().scopeAttribute().isEmpty()) {
          throw new IllegalArgumentException("Pass " + passName + " has no @TtlScope attribute, so it has no scopes;"
              + " sweepTenant(\"" + passName + "\", tenant) sweeps all that tenant's rows");
        }
        converted = scopeValue == null ? scope : Scope.of(sweeper.scopeValues().convert(scopeValue));
      }
      return sweeper.sweepTenant(tenant, converted);
    } catch (Throwable e) {
      // The sweep reports what failed; this is the last guard of a caller that is often a sign-in.
      LOGGER.log(Level.WARNING, () -> "Retention could not sweep tenant " + tenant + " of " + passName + ": "
          + e.getMessage());
      return SweepReport.builder(String.valueOf(passName), now, now)
          .failure(new SweepFailedException(String.valueOf(passName), "tenant " + tenant, now, e))
          .scope(scope)
          .tenant(String.valueOf(tenant))
          .build();
    }
  }

  /**
   * The rule of {@code entity}'s pass as this runtime applies it now, for the application's own reads of live rows:
   * the windows in force (configuration's, each scope's), at its clock's now. Ask again for each read: a policy keeps
   * the instant it was made at.
   *
   * @throws IllegalArgumentException when no pass deletes rows of {@code entity}
   */
  public RetentionPolicy policy(Class<?> entity) {
    return new RetentionPolicy(sweeperOf(entity).policy(Scope.all()));
  }

  /**
   * As {@link #policy(Class)}, for the rows of one scope of an entity with a {@code @TtlScope} attribute: its live
   * queries select only rows whose scope attribute equals {@code scopeValue} (null: the rows without one), by that
   * scope's window, which may come from configuration or from code ({@link ScopeWindows}).
   *
   * @param scopeValue a value of the scope attribute, or its text ({@code "42"} for a {@code Long} attribute)
   * @throws IllegalArgumentException when no pass deletes rows of {@code entity}, it has no scope attribute, or the
   *     value is no value of it
   */
  public RetentionPolicy policy(Class<?> entity, @Nullable Object scopeValue) {
    Sweeper sweeper = sweeperOf(entity);
    if (sweeper.model().scopeAttribute().isEmpty()) {
      throw new IllegalArgumentException("Pass " + entity.getName() + " has no @TtlScope attribute, so it has no"
          + " scopes; policy(" + entity.getSimpleName() + ".class) reads all its rows");
    }
    Scope scope = scopeValue == null ? Scope.of(null) : Scope.of(sweeper.scopeValues().convert(scopeValue));
    return new RetentionPolicy(sweeper.policy(scope));
  }

  /**
   * Replaces the throttle every pass's batches ask before they start ({@link SweepThrottle}); the next batch asks the
   * new one. {@link SweepThrottle#NEVER_HOLDS} lifts it.
   */
  public void throttle(SweepThrottle throttle) {
    this.throttle.set(Objects.requireNonNull(throttle, "throttle"));
  }

  /**
   * Sets the ceiling on rows the pass named {@code passName} deletes a second ({@code max-rows-per-second}) from its
   * next batch on, until the runtime is built again; 0 lifts it. {@link #settings(String)} shows the value in force.
   *
   * @throws IllegalArgumentException when no pass has that name, or the value is out of the option's bounds
   */
  public void maxRowsPerSecond(String passName, int rowsPerSecond) {
    Sweeper sweeper = sweeper(passName);
    RetentionOption.MAX_ROWS_PER_SECOND.problemWith(rowsPerSecond).ifPresent(problem -> {
      throw new IllegalArgumentException("Pass " + passName + ": max-rows-per-second " + rowsPerSecond + " "
          + problem);
    });
    sweeper.maxRowsPerSecond(rowsPerSecond);
  }

  /**
   * Stops the sweepers: no new sweep or batch starts, pausing sweeps wake and end, and a batch in flight is given the
   * close timeout to finish. Calling it again does nothing.
   */
  @Override
  public void close() {
    BackgroundSweeps sweeps;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      sweeps = background;
    }
    if (sweeps == null) {
      stopSignal.stop();
      LOGGER.log(Level.DEBUG, "Retention stopped; it had not been started, so nothing swept in the background");
    } else {
      // The background sweeps read which sweeps are in flight, then stop the signal: stopped here first, it would wake
      // a sweep pausing between batches, which could end and leave before it was counted, and the stop line would say
      // that no sweep was in flight.
      BackgroundSweeps.Stopped stopped = sweeps.stop(closeTimeout);
      LOGGER.log(stopped.ended() ? Level.INFO : Level.WARNING, StopLine.of(stopped, closeTimeout));
    }
    listeners.close();
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("This RetentionRuntime is closed");
    }
  }

  private Sweeper sweeper(String passName) {
    Sweeper sweeper = sweepers.get(passName);
    if (sweeper == null) {
      throw new IllegalArgumentException("No pass named " + passName + "; passes: " + sweepers.keySet());
    }
    return sweeper;
  }

  /** The sweeper of the pass whose entity is {@code entity}. */
  private Sweeper sweeperOf(Class<?> entity) {
    Objects.requireNonNull(entity, "entity");
    return sweepers.values().stream().filter(sweeper -> sweeper.model().entityType().equals(entity)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("No pass deletes rows of " + entity.getName()
            + "; passes: " + sweepers.keySet()));
  }

  private List<Sweeper> enabledSweepers() {
    return sweepers.values().stream().filter(sweeper -> sweeper.settings().enabled()).collect(Collectors.toList());
  }

  /** Builds a {@link RetentionRuntime}; every setting is optional. */
  public static final class Builder {

    /** Every setting, by name; frozen into the runtime's input by {@link #build()}. */
    private final RuntimeInput.Builder input;

    private Builder(EntityManagerFactory emf) {
      this.input = RuntimeInput.builder(Objects.requireNonNull(emf, "emf"));
    }

    /**
     * The clock each sweep reads its {@code now} from, which decides what is expired (the cutoff) and dates the
     * reports. When background sweeps run is not the clock's: they follow {@code System.nanoTime()}, so a clock that
     * stands still or is set back never stops or delays them. Default: the system clock.
     */
    public Builder clock(Clock clock) {
      input.clock(Objects.requireNonNull(clock, "clock"));
      return this;
    }

    /**
     * The zone in which attributes without one are read: {@code LocalDateTime}, {@code LocalDate},
     * {@code java.sql.Date}, {@code java.util.Date} mapped as a DATE, and {@code Calendar}, whose wall-clock time alone
     * Hibernate stores. Default: the JVM's.
     */
    public Builder zone(ZoneId zone) {
      input.zone(Objects.requireNonNull(zone, "zone"));
      return this;
    }

    /**
     * Options from configuration: {@code retention.defaults.<option>} and {@code retention.<pass name>.<option>}.
     * Keys outside {@code retention.} are ignored, so a whole property set can be passed; a {@code retention.} key that
     * names no option or no discovered pass is an error. Configuration wins over options set in code for the same
     * scope.
     */
    public Builder configuration(Map<String, String> configuration) {
      configuration.forEach(input::configuration);
      return this;
    }

    /** {@link #configuration(Map)} from properties. */
    public Builder configuration(Properties properties) {
      for (String key : properties.stringPropertyNames()) {
        input.configuration(key, properties.getProperty(key));
      }
      return this;
    }

    /** Options for every pass; only the options set explicitly count. */
    public Builder defaults(RetentionOptions defaults) {
      input.defaults(Objects.requireNonNull(defaults, "defaults"));
      return this;
    }

    /** Options for the pass named {@code passName}; only the options set explicitly count. */
    public Builder options(String passName, RetentionOptions options) {
      input.options(passName, Objects.requireNonNull(options, "options"));
      return this;
    }

    /**
     * Receives every sweep's events, on a thread of its own; a sweep waits up to a second for each call, and a listener
     * that takes longer misses the events that come while it is busy (see {@link SweepListener}).
     */
    public Builder listener(SweepListener listener) {
      input.listener(Objects.requireNonNull(listener, "listener"));
      return this;
    }

    /** The class loader registries are discovered with. Default: the thread's context class loader. */
    public Builder classLoader(ClassLoader classLoader) {
      input.classLoader(Objects.requireNonNull(classLoader, "classLoader"));
      return this;
    }

    /** Uses these registries instead of discovering them through {@code ServiceLoader}. */
    public Builder registries(List<RetentionRegistry> registries) {
      input.registries(registries);
      return this;
    }

    /** How many passes may sweep at the same time in the background. Default: 1, so passes take turns. */
    public Builder maxConcurrentSweeps(int maxConcurrentSweeps) {
      if (maxConcurrentSweeps < 1) {
        throw new IllegalArgumentException("maxConcurrentSweeps must be at least 1, not " + maxConcurrentSweeps);
      }
      input.maxConcurrentSweeps(maxConcurrentSweeps);
      return this;
    }

    /** How long {@link #close()} waits for a batch in flight. Default: 30 seconds. */
    public Builder closeTimeout(Duration closeTimeout) {
      if (closeTimeout.isNegative()) {
        throw new IllegalArgumentException("closeTimeout must not be negative, not " + closeTimeout);
      }
      input.closeTimeout(closeTimeout);
      return this;
    }

    /**
     * Makes the threads background sweeps run on, and those listeners are called on: a Jakarta EE
     * {@code ManagedThreadFactory}, say, or a Spring task executor's. Default: daemon threads named
     * {@code retention-<runtime>-sweeper-<n>} and {@code retention-<runtime>-listener-<n>}, so the JVM can exit and two
     * runtimes in one JVM are told apart.
     */
    public Builder threadFactory(ThreadFactory threadFactory) {
      input.threadFactory(Objects.requireNonNull(threadFactory, "threadFactory"));
      return this;
    }

    /**
     * The monotonic time background sweeps are scheduled by, and batches are timed by (a hook past
     * {@code batch-timeout}, an on-demand sweep's budget), for tests that move it by hand instead of waiting. Package
     * private: applications run on {@code System.nanoTime()}, whatever their {@link #clock(Clock) clock} says.
     */
    Builder sweepTimer(SweepTimer sweepTimer) {
      input.sweepTimer(Objects.requireNonNull(sweepTimer, "sweepTimer"));
      return this;
    }

    /**
     * A replica whose lag paces the sweeps of the passes that limit it ({@code max-replica-lag}), on MariaDB and MySQL,
     * whose primary does not see its replicas: before a batch starts, each replica named is asked its delay
     * ({@code SHOW REPLICA STATUS}), at most once a second while far below the limit. A replica that cannot be reached
     * or whose replication stopped holds those sweeps. On PostgreSQL the primary's own view of its standbys is read and
     * no replica is named: naming one fails {@code build()}.
     *
     * @param name how the log and the reports call it
     * @param dataSource connects to the replica, as a user that may run {@code SHOW REPLICA STATUS}
     *     ({@code REPLICATION CLIENT} on MySQL, {@code REPLICA MONITOR} on MariaDB 10.5 and later)
     */
    public Builder replica(String name, DataSource dataSource) {
      if (Objects.requireNonNull(name, "name").isBlank()) {
        throw new IllegalArgumentException("A replica's name must not be blank");
      }
      input.replica(name, Objects.requireNonNull(dataSource, "dataSource"));
      return this;
    }

    /**
     * The application's say in when batches start, asked before each batch of every pass (its answer kept half a
     * second): see {@link SweepThrottle}. Replaced at run time by {@link RetentionRuntime#throttle}.
     */
    public Builder throttle(SweepThrottle throttle) {
      input.throttle(Objects.requireNonNull(throttle, "throttle"));
      return this;
    }

    /**
     * Whether to run only each pass's generated JPQL, never a statement shaped for the database (such as PostgreSQL's
     * {@code ctid} delete or {@code SKIP LOCKED}). Default: false, the fastest shape the database allows.
     */
    public Builder portableStatements(boolean portableStatements) {
      input.portableStatements(portableStatements);
      return this;
    }

    /**
     * Calls {@code hook} in each batch of the pass named {@code passName}, inside the batch's transaction, with the
     * batch's rows before they are deleted; see {@link BeforeDelete}. Hooks registered for one pass run in the order
     * registered. The pass's batches then select and lock their rows with JPQL, never with a statement shaped for the
     * database, so that the hook is given exactly the rows that go.
     */
    public Builder beforeDelete(String passName, BeforeDelete hook) {
      input.beforeDelete(Objects.requireNonNull(passName, "passName"), Objects.requireNonNull(hook, "hook"));
      return this;
    }

    /**
     * Gives the scopes of the pass named {@code passName}, whose entity has a {@code @TtlScope} attribute, windows of
     * their own, looked up at every sweep; see {@link ScopeWindows}. Configuration's
     * {@code retention.<pass>.scope.<value>.retention} wins over them; a scope with neither has the pass's window.
     *
     * @throws IllegalStateException when the pass was given windows already
     */
    public Builder scopeWindows(String passName, ScopeWindows windows) {
      input.scopeWindows(passName, windows);
      return this;
    }

    /**
     * The application's tenants, for a factory whose sessions each see one tenant's rows (Hibernate's multi-tenancy: a
     * schema or a database per tenant, {@code @TenantId}; EclipseLink's {@code @Multitenant}), or whose connections the
     * application routes itself ({@link #runAsTenant}). Asked again at every background round, so that a tenant added
     * since is swept: a list, a query of the tenants' table, a directory bean. Each round then goes over the tenants,
     * each in sessions opened for it, and {@link RetentionRuntime#sweepTenant} sweeps one at sign-in. A multi-tenant
     * factory without it fails {@code build()}. Identifiers are Hibernate's tenant identifiers as text; Hibernate's root
     * tenant, where the application's resolver has one, sees every tenant's {@code @TenantId} rows.
     */
    public Builder tenants(Supplier<? extends Collection<String>> tenants) {
      input.tenants(Objects.requireNonNull(tenants, "tenants"));
      return this;
    }

    /**
     * How to run work as one tenant, where the provider cannot open a session for it by itself: a routing
     * {@code DataSource} that picks each tenant's database by a key the application sets for the thread. Each tenant's
     * sweep runs inside it. Needs {@link #tenants}.
     */
    public Builder runAsTenant(TenantRunner runner) {
      input.tenantRunner(Objects.requireNonNull(runner, "runner"));
      return this;
    }

    /**
     * Runs each batch in a JTA transaction of its own through {@code transactionManager}, suspending the calling
     * thread's transaction for the batch. Needed only where the runtime cannot find the transaction manager itself:
     * with Hibernate it takes the one of the factory's JTA platform (Quarkus, WildFly, Narayana standalone).
     */
    public Builder transactionManager(TransactionManager transactionManager) {
      Objects.requireNonNull(transactionManager, "transactionManager");
      input.transactions(jtaFactory -> new JtaTransactions(transactionManager, jtaFactory));
      return this;
    }

    /**
     * Runs each batch in a JTA transaction begun through {@code userTransaction}, for a container that gives no
     * {@code TransactionManager} (look one up at {@code java:comp/UserTransaction}). A {@code UserTransaction} cannot
     * suspend a transaction, so {@link RetentionRuntime#sweepAll()} and {@link RetentionRuntime#sweep(String)} refuse
     * to run in a thread that holds one; background sweeps run on threads that hold none.
     */
    public Builder userTransaction(UserTransaction userTransaction) {
      Objects.requireNonNull(userTransaction, "userTransaction");
      input.transactions(jtaFactory -> new UserTransactions(userTransaction, jtaFactory));
      return this;
    }

    /**
     * Runs each batch through the application's {@code runner}, which must give it a new transaction of its own (for
     * example {@code batch -> QuarkusTransaction.requiringNew().run(batch)}).
     */
    public Builder transactions(TransactionRunner runner) {
      Objects.requireNonNull(runner, "runner");
      input.transactions(jtaFactory -> new RunnerTransactions(runner, jtaFactory));
      return this;
    }

    /**
     * Discovers the passes and checks every option.
     *
     * @throws RetentionConfigurationException listing every problem: bad values, unknown keys, broken registries, a
     *     {@code @Ttl} attribute the provider does not store as a date
     */
    public RetentionRuntime build() {
      RuntimeInput frozen = input.build();
      return new RetentionRuntime(frozen, RuntimeAssembly.assemble(frozen));
    }
  }
}
