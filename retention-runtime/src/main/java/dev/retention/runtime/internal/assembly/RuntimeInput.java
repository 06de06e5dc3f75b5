package dev.retention.runtime.internal.assembly;

import dev.retention.runtime.BeforeDelete;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.ScopeWindows;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepThrottle;
import dev.retention.runtime.TenantRunner;
import dev.retention.runtime.generated.RetentionRegistry;
import dev.retention.runtime.internal.hook.BeforeDeleteHooks;
import dev.retention.runtime.internal.schedule.SweepTimer;
import dev.retention.runtime.internal.scope.ScopedPasses;
import dev.retention.runtime.internal.transaction.BatchTransactions;
import jakarta.persistence.EntityManagerFactory;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * What {@code RetentionRuntime.Builder} was given, frozen when it builds: each setting set by name on the
 * {@link Builder} and read by name here, each one left unset either its default or an empty {@code Optional}. A new
 * setting is one field and one step of the builder and one accessor here.
 */
@NullMarked
public final class RuntimeInput {

  /** A copy of the builder's values that nothing holds but this, so that nothing changes them. */
  private final Builder values;

  private RuntimeInput(Builder values) {
    this.values = values;
  }

  /** A builder over {@code emf}'s entities, every other setting at its default. */
  public static Builder builder(EntityManagerFactory emf) {
    return new Builder(emf);
  }

  public EntityManagerFactory emf() {
    return values.emf;
  }

  /** The clock each sweep reads its now from. */
  public Clock clock() {
    return values.clock;
  }

  /** The zone attributes without one are read in. */
  public ZoneId zone() {
    return values.zone;
  }

  /** Options from configuration, in the order given. */
  public Map<String, String> configuration() {
    return values.configuration;
  }

  /** Options set in code for every pass. */
  public RetentionOptions defaults() {
    return values.defaults;
  }

  /** Options set in code for one pass, by pass name, in the order first given. */
  public Map<String, RetentionOptions> options() {
    return values.options;
  }

  /** The application's listeners, in the order given. */
  public List<SweepListener> listeners() {
    return values.listeners;
  }

  /** The class loader registries are discovered with; empty: the thread's context class loader. */
  public Optional<ClassLoader> classLoader() {
    return Optional.ofNullable(values.classLoader);
  }

  /** The registries to use instead of discovering them; empty: discover them. */
  public Optional<List<RetentionRegistry>> registries() {
    return Optional.ofNullable(values.registries);
  }

  /** How many passes may sweep at the same time in the background. */
  public int maxConcurrentSweeps() {
    return values.maxConcurrentSweeps;
  }

  /** How long closing waits for a batch in flight. */
  public Duration closeTimeout() {
    return values.closeTimeout;
  }

  /** Makes the threads sweeps and listeners run on; empty: the runtime's own daemon threads. */
  public Optional<ThreadFactory> threadFactory() {
    return Optional.ofNullable(values.threadFactory);
  }

  /** Whether each pass runs only its generated JPQL. */
  public boolean portableStatements() {
    return values.portableStatements;
  }

  /**
   * The hooks registered by pass. Checked as each is added, so it is the builder's own registry, not a copy: a hook
   * added to the builder after it built does not reach a runtime already built, which has read it by then.
   */
  public BeforeDeleteHooks beforeDelete() {
    return values.beforeDelete;
  }

  /** The windows code gives single scopes, by pass; the builder's own registry, as {@link #beforeDelete()}. */
  public ScopedPasses scopeWindows() {
    return values.scopeWindows;
  }

  /** The monotonic time of the sweeps; empty: {@code System.nanoTime()}. Set by tests only. */
  public Optional<SweepTimer> sweepTimer() {
    return Optional.ofNullable(values.sweepTimer);
  }

  /** The replicas the application named, a data source each, by name, in the order given. */
  public Map<String, DataSource> replicas() {
    return values.replicas;
  }

  /** The application's tenants, asked at every round; empty: the factory's sessions are swept as they come. */
  public Optional<Supplier<? extends Collection<String>>> tenants() {
    return Optional.ofNullable(values.tenants);
  }

  /** How to run work as one tenant, where the provider cannot open a session for it by itself; empty: none. */
  public Optional<TenantRunner> tenantRunner() {
    return Optional.ofNullable(values.tenantRunner);
  }

  /** The application's throttle; one that never holds when none was given. */
  public SweepThrottle throttle() {
    return values.throttle;
  }

  /**
   * The application's way to run a batch's transaction, given whether the unit is JTA; empty: chosen from the
   * factory.
   */
  public Optional<Function<Boolean, BatchTransactions>> transactions() {
    return Optional.ofNullable(values.transactions);
  }

  /**
   * The settings of a runtime, set by name. Checks only that nothing is null; the public builder checks the values
   * and says what is wrong in its own terms.
   */
  public static final class Builder implements Cloneable {

    private final EntityManagerFactory emf;
    private Clock clock = Clock.systemUTC();
    private ZoneId zone = ZoneId.systemDefault();
    private Map<String, String> configuration = new LinkedHashMap<>();
    private RetentionOptions defaults = RetentionOptions.empty();
    private Map<String, RetentionOptions> options = new LinkedHashMap<>();
    private List<SweepListener> listeners = new ArrayList<>();
    private @Nullable ClassLoader classLoader;
    private @Nullable List<RetentionRegistry> registries;
    private int maxConcurrentSweeps = 1;
    private Duration closeTimeout = Duration.ofSeconds(30);
    private @Nullable ThreadFactory threadFactory;
    private boolean portableStatements;
    private final BeforeDeleteHooks beforeDelete = new BeforeDeleteHooks();
    private final ScopedPasses scopeWindows = new ScopedPasses();
    private @Nullable SweepTimer sweepTimer;
    private @Nullable Function<Boolean, BatchTransactions> transactions;
    private Map<String, DataSource> replicas = new LinkedHashMap<>();
    private SweepThrottle throttle = SweepThrottle.NEVER_HOLDS;
    private @Nullable Supplier<? extends Collection<String>> tenants;
    private @Nullable TenantRunner tenantRunner;

    private Builder(EntityManagerFactory emf) {
      this.emf = Objects.requireNonNull(emf, "emf");
    }

    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    public Builder zone(ZoneId zone) {
      this.zone = Objects.requireNonNull(zone, "zone");
      return this;
    }

    /** Adds configuration; a key given again takes the later value. */
    public Builder configuration(String key, String value) {
      configuration.put(Objects.requireNonNull(key, "key"),
          Objects.requireNonNull(value, () -> "Configuration key " + key + " has no value"));
      return this;
    }

    /** Layers {@code defaults} over those given before. */
    public Builder defaults(RetentionOptions defaults) {
      this.defaults = this.defaults.overriddenBy(Objects.requireNonNull(defaults, "defaults"));
      return this;
    }

    /** Layers {@code options} over those given before for the pass. */
    public Builder options(String passName, RetentionOptions options) {
      this.options.merge(Objects.requireNonNull(passName, "passName"), Objects.requireNonNull(options, "options"),
          RetentionOptions::overriddenBy);
      return this;
    }

    public Builder listener(SweepListener listener) {
      listeners.add(Objects.requireNonNull(listener, "listener"));
      return this;
    }

    public Builder classLoader(ClassLoader classLoader) {
      this.classLoader = Objects.requireNonNull(classLoader, "classLoader");
      return this;
    }

    public Builder registries(List<RetentionRegistry> registries) {
      this.registries = List.copyOf(registries);
      return this;
    }

    public Builder maxConcurrentSweeps(int maxConcurrentSweeps) {
      this.maxConcurrentSweeps = maxConcurrentSweeps;
      return this;
    }

    public Builder closeTimeout(Duration closeTimeout) {
      this.closeTimeout = Objects.requireNonNull(closeTimeout, "closeTimeout");
      return this;
    }

    public Builder threadFactory(ThreadFactory threadFactory) {
      this.threadFactory = Objects.requireNonNull(threadFactory, "threadFactory");
      return this;
    }

    public Builder portableStatements(boolean portableStatements) {
      this.portableStatements = portableStatements;
      return this;
    }

    public Builder beforeDelete(String passName, BeforeDelete hook) {
      beforeDelete.add(Objects.requireNonNull(passName, "passName"), Objects.requireNonNull(hook, "hook"));
      return this;
    }

    /** @throws IllegalStateException when the pass was given windows already */
    public Builder scopeWindows(String passName, ScopeWindows windows) {
      scopeWindows.add(passName, windows);
      return this;
    }

    public Builder sweepTimer(SweepTimer sweepTimer) {
      this.sweepTimer = Objects.requireNonNull(sweepTimer, "sweepTimer");
      return this;
    }

    /** A replica whose lag paces the sweeps, by name; a name given twice keeps the last. */
    public Builder replica(String name, DataSource dataSource) {
      replicas.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(dataSource, "dataSource"));
      return this;
    }

    public Builder throttle(SweepThrottle throttle) {
      this.throttle = Objects.requireNonNull(throttle, "throttle");
      return this;
    }

    public Builder tenants(Supplier<? extends Collection<String>> tenants) {
      this.tenants = Objects.requireNonNull(tenants, "tenants");
      return this;
    }

    public Builder tenantRunner(TenantRunner tenantRunner) {
      this.tenantRunner = Objects.requireNonNull(tenantRunner, "tenantRunner");
      return this;
    }

    /** The way to run a batch's transaction; the last one given wins. */
    public Builder transactions(Function<Boolean, BatchTransactions> transactions) {
      this.transactions = Objects.requireNonNull(transactions, "transactions");
      return this;
    }

    /** The settings as set so far; the builder may go on being used without changing them. */
    public RuntimeInput build() {
      Builder copy;
      try {
        copy = (Builder) clone();
      } catch (CloneNotSupportedException cannotHappen) {
        throw new AssertionError("Builder is Cloneable", cannotHappen);
      }
      // The clone shares the collections; the copy's are its own and unmodifiable. Every other field is immutable but
      // the two registries, which check each entry as it is added (see beforeDelete()).
      copy.configuration = Collections.unmodifiableMap(new LinkedHashMap<>(configuration));
      copy.options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
      copy.listeners = List.copyOf(listeners);
      copy.replicas = Collections.unmodifiableMap(new LinkedHashMap<>(replicas));
      return new RuntimeInput(copy);
    }
  }
}
