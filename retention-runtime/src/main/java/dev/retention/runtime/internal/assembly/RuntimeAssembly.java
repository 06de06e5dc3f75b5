package dev.retention.runtime.internal.assembly;

import dev.retention.runtime.BeforeDelete;
import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.SweepThrottle;
import dev.retention.runtime.generated.GeneratedPass;
import dev.retention.runtime.internal.config.BoundSettings;
import dev.retention.runtime.internal.config.Durations;
import dev.retention.runtime.internal.config.OptionsBinder;
import dev.retention.runtime.internal.database.DatabaseProfile;
import dev.retention.runtime.internal.shape.SchemaLook;
import dev.retention.runtime.internal.database.Deadlocks;
import dev.retention.runtime.internal.discovery.RegistryDiscovery;
import dev.retention.runtime.internal.lock.PassLocks;
import dev.retention.runtime.internal.mapping.StoredTypes;
import dev.retention.runtime.internal.pacing.PacingSources;
import dev.retention.runtime.internal.pass.Conditions;
import dev.retention.runtime.internal.partition.PartitionPlan;
import dev.retention.runtime.internal.partition.PartitionTables;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.report.Listeners;
import dev.retention.runtime.internal.scope.ScopeWindowing;
import dev.retention.runtime.internal.shape.CatalogWatch;
import dev.retention.runtime.internal.shape.PortableShape;
import dev.retention.runtime.internal.shape.ShapeChoice;
import dev.retention.runtime.internal.sweep.StopSignal;
import dev.retention.runtime.internal.sweep.SweepEnvironment;
import dev.retention.runtime.internal.sweep.StatementWatch;
import dev.retention.runtime.internal.sweep.Sweeper;
import dev.retention.runtime.internal.tenant.TenantAccess;
import dev.retention.runtime.internal.tenant.TenantColumns;
import dev.retention.runtime.internal.tenant.TenantSessions;
import dev.retention.runtime.internal.transaction.BatchTransactions;
import dev.retention.runtime.internal.transaction.ProviderJta;
import dev.retention.runtime.internal.transaction.TransactionChoice;
import jakarta.persistence.EntityManagerFactory;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;
import org.jspecify.annotations.NullMarked;

/**
 * What {@code RetentionRuntime.Builder.build()} does: discovers the passes, binds and checks every option, checks the
 * passes against the factory (conditions, stored types, hooks, scope windows), chooses each pass's statements and
 * transactions, and makes one sweeper per pass. Everything that can be wrong is found here, before a thread starts.
 */
@NullMarked
public final class RuntimeAssembly {

  private static final System.Logger LOGGER = System.getLogger(RuntimeAssembly.class.getName());

  /**
   * A runtime's parts.
   *
   * @param passes the passes of the factory's entities, sorted by name
   * @param sweepers one per pass, by name, in the passes' order
   * @param listeners every listener, built-in and the application's, which the runtime closes when it closes
   * @param throttle the throttle every pass's pacing asks, which the runtime may replace
   * @param databaseNote what the start line says of the database, where it is worth a word
   *     ({@link DatabaseProfile#note()})
   */
  public record Assembled(List<RetentionPass> passes, Map<String, Sweeper> sweepers, BatchTransactions transactions,
      StopSignal stopSignal, Listeners listeners, AtomicReference<SweepThrottle> throttle,
      Optional<String> databaseNote) {}

  private RuntimeAssembly() {}

  /**
   * Assembles a runtime from what the builder was given.
   *
   * @throws RetentionConfigurationException listing every problem found
   */
  public static Assembled assemble(RuntimeInput input) {
    TenantAccess tenants = Tenants.access(input, ProviderSupport.tenancy(input.emf()));
    EntityManagerFactory emf = Tenants.factory(input.emf(), tenants);
    Optional<String> checkedAs = Tenants.checkedAs(tenants);
    return checkedAs.isPresent() ? tenants.callAs(checkedAs.get(), () -> assemble(input, emf, tenants))
        : assemble(input, emf, tenants);
  }

  private static Assembled assemble(RuntimeInput input, EntityManagerFactory emf, TenantAccess tenants) {
    // Tenant by tenant, the portable JPQL: it is what the provider's tenant filter and connections see, whereas the
    // statements shaped for the database read one schema's catalog at build and would not see @TenantId.
    boolean portable = input.portableStatements() || tenants.perTenant();
    List<GeneratedPass> discovered = input.registries().isPresent()
        ? RegistryDiscovery.collect(input.registries().get())
        : RegistryDiscovery.discover(input.classLoader().orElseGet(RuntimeAssembly::contextClassLoader));
    Map<String, Duration> windows = new LinkedHashMap<>();
    discovered.forEach(pass -> windows.put(pass.name(), pass.expireAfter()));
    Map<String, BoundSettings> settings =
        OptionsBinder.bind(windows, input.configuration(), input.defaults(), input.options());
    input.beforeDelete().check(discovered);

    List<GeneratedPass> managed = discovered.stream().filter(pass -> isManaged(emf, pass)).collect(Collectors.toList());
    warnOfShortenedWindows(managed, settings);
    List<PassModel> models = managed.stream().map(pass -> PassModel.of(pass, emf.getMetamodel()))
        .collect(Collectors.toList());
    Conditions.check(emf, models);
    Map<String, ScopeWindowing> windowsOfScopes =
        input.scopeWindows().resolve(discovered, managed, settings, emf.getMetamodel());
    List<String> notDates = StoredTypes.problems(emf, managed);
    if (!notDates.isEmpty()) {
      throw new RetentionConfigurationException(notDates);
    }
    DatabaseProfile database = ProviderSupport.database(emf);
    // How the database compares each scope column, read once: where exactly, a batch need not see its rows' scopes.
    models = models.stream().map(model -> model.scopeAttribute().isEmpty() ? model : model.comparingScope(
        ProviderSupport.scopeComparison(emf, database, model, portable))).toList();
    ShapeChoice shapes = new ShapeChoice(ProviderSupport.nativeShapes(emf, database, portable,
        Pacings.onServerCommits(settings)));
    Optional<ProviderJta> jta = ProviderSupport.jta();
    BatchTransactions transactions = input.transactions()
        .map(chosen -> chosen.apply(TransactionChoice.isJtaFactory(emf, jta)))
        .orElseGet(() -> TransactionChoice.detect(emf, jta));
    StopSignal stopSignal = new StopSignal();
    Listeners listeners = Listeners.withBuiltIns(input.listeners(), input.threadFactory().orElse(null));
    LongSupplier monotonic = input.sweepTimer().<LongSupplier>map(timer -> timer::nanoTime).orElse(System::nanoTime);
    PassLocks locks = ProviderSupport.passLocks(emf, database);
    // Each sweep holds its lock's connection beside its batch's: as many at once as may sweep at once, a pass once.
    long enabledPasses = models.stream().filter(model -> settingsOf(settings, model.name()).enabled()).count();
    Optional<String> lockProblem = enabledPasses == 0 ? Optional.empty()
        : locks.configurationProblem((int) Math.min(input.maxConcurrentSweeps(), enabledPasses));
    if (lockProblem.isPresent()) {
      throw new RetentionConfigurationException(List.of(lockProblem.get()));
    }
    PacingSources pacing = Pacings.sources(input, database, settings, Pacings.primary(emf, transactions, settings),
        monotonic, stopSignal);
    SweepEnvironment environment = new SweepEnvironment(emf, transactions, input.clock(), input.zone(), listeners,
        stopSignal, monotonic, locks, Deadlocks.of(database), pacing, database.skipsLockedRows(), tenants);
    Map<String, Sweeper> sweepers = new LinkedHashMap<>();
    Optional<PartitionTables> partitionTables =
        ProviderSupport.partitionTables(emf, database, portable);
    boolean jtaBatches = TransactionChoice.isJtaFactory(emf, jta);
    List<String> unpurgeable = new ArrayList<>();
    for (PassModel model : models) {
      ProviderSupport.purgeRefusal(emf, database, model, portable,
              input.beforeDelete().hookOf(model.name()).isPresent())
          .filter(refusal -> settingsOf(settings, model.name()).enabled())
          .ifPresent(refusal -> unpurgeable.add("Pass " + model.name() + " cannot delete its rows: " + refusal));
      if (PortableShape.locksRows(model, input.beforeDelete().hookOf(model.name()).isPresent())
          && settingsOf(settings, model.name()).enabled()) {
        database.rowLockRefusal().ifPresent(refusal -> unpurgeable.add("Pass " + model.name()
            + " cannot delete its rows: " + refusal));
      }
    }
    if (!unpurgeable.isEmpty()) {
      throw new RetentionConfigurationException(unpurgeable);
    }
    for (PassModel model : models) {
      Optional<BeforeDelete> hook = input.beforeDelete().hookOf(model.name());
      StatementWatch watch = watch(emf, database, model, hook, settingsOf(settings, model.name()), shapes, portable);
      ShapeChoice.Choice choice = shapes.forPass(model, hook, settingsOf(settings, model.name()));
      if (!restsOnTheCatalog(model, choice)) {
        watch = StatementWatch.NONE; // Hibernate's statements, over scopes that are not exact: nothing to keep true
      }
      BoundSettings passSettings = settingsOf(settings, model.name()).withStatementShape(choice.shape().kind());
      PartitionPlan partitions = passSettings.enabled()
          ? PartitionPlan.decide(partitionTables, model, passSettings,
              new PartitionPlan.PassFacts(hook.isPresent(), jtaBatches), emf, transactions)
          : PartitionPlan.NONE;
      sweepers.put(model.name(), new Sweeper(environment, model, passSettings, choice,
          windowsOfScopes.get(model.name()), partitions, watch, schemaLook(emf, database, model, tenants)));
    }
    return new Assembled(List.copyOf(managed), sweepers, transactions, stopSignal, listeners, pacing.throttle(),
        database.note());
  }

  /**
   * Whether the tenants of {@code model} are looked at across their schemas once a round, rather than each by its own
   * sweep: only for a runtime with tenants; across their schemas, or where the entity's rows carry their tenant in a
   * column ({@code @TenantId}), across the values of that column.
   */
  private static SchemaLook.Decision schemaLook(EntityManagerFactory emf, DatabaseProfile database, PassModel model,
      TenantAccess tenants) {
    if (!tenants.perTenant()) {
      return SchemaLook.Decision.none("");
    }
    // Hibernate writes the pass's selection for the session of the tenant the checks run as, where it names tenants
    // (elsewhere the application's TenantRunner, around these checks, routes the session).
    Optional<String> sessionTenant = tenants.tenancy().tenantProperty().isPresent() ? TenantSessions.current()
        : Optional.empty();
    if (tenants.tenancy().discriminated().contains(model.entityName())
        || tenants.tenancy().discriminated().contains(model.entityType().getName())) {
      // Its rows carry their tenant in a column: a look by schema would not tell them apart, one by that column does.
      return TenantColumns.hibernateAttribute(model.entityType())
          .map(attribute -> ProviderSupport.tenantColumnLook(emf, database, model, attribute, sessionTenant))
          .orElseGet(() -> SchemaLook.Decision.none("its tenant column is not a @TenantId attribute"));
    }
    return ProviderSupport.schemaLook(emf, database, model, sessionTenant);
  }

  /**
   * Whether the statements chosen for {@code model} rest on what the catalog said at build: a native statement or the
   * range statement (a plain table, an index), or a scope taken to compare exactly (no spelling read, no guard shown).
   */
  private static boolean restsOnTheCatalog(PassModel model, ShapeChoice.Choice choice) {
    StatementShape kind = choice.shape().kind();
    boolean hibernates = kind == StatementShape.SKIP_LOCKED || kind == StatementShape.PORTABLE_JPQL
        || kind == StatementShape.BEFORE_DELETE_HOOK;
    return !hibernates || model.scopeAttribute().isPresent() && model.scopeComparison().exact();
  }

  /**
   * What the statements of {@code model} are chosen on in the database's catalog, read before they are chosen (a change
   * after the reading is then seen by the first sweep), and how they are chosen again where it changes: the scope
   * column's comparison read anew, then the shapes judged as at {@code build()}. Nothing is watched for a hooked pass,
   * whose statements are the same on any table, nor where the database reads no such facts.
   */
  private static StatementWatch watch(EntityManagerFactory emf, DatabaseProfile database, PassModel model,
      Optional<BeforeDelete> hook, BoundSettings settings, ShapeChoice shapes, boolean portableOnly) {
    CatalogWatch catalog = hook.isPresent() ? CatalogWatch.NONE
        : ProviderSupport.catalogWatch(emf, database, model, portableOnly);
    if (catalog == CatalogWatch.NONE) {
      return StatementWatch.NONE;
    }
    String chosenOn;
    try {
      chosenOn = catalog.read();
    } catch (RuntimeException unreadable) {
      chosenOn = "unread (" + unreadable.getMessage() + ")"; // the first sweep that reads it chooses again
    }
    return new StatementWatch(model.name(), catalog, chosenOn, () -> {
      PassModel now = model.scopeAttribute().isEmpty() ? model
          : model.comparingScope(ProviderSupport.scopeComparison(emf, database, model, portableOnly));
      return new StatementWatch.Chosen(now, shapes.forPass(now, hook, settings));
    });
  }

  /** Whether the factory manages the pass's entity; a pass of another persistence unit is left out. */
  private static boolean isManaged(EntityManagerFactory emf, RetentionPass pass) {
    try {
      emf.getMetamodel().entity(pass.entityType());
      return true;
    } catch (IllegalArgumentException notAnEntityOfThisUnit) {
      LOGGER.log(Level.INFO, () -> "Pass " + pass.name()
          + " left out: its entity is not managed by this EntityManagerFactory");
      return false;
    }
  }

  /** Whether configuration or code set the pass a window shorter than the one compiled into it. */
  static boolean shortened(RetentionPass pass, PassSettings settings) {
    return settings.retention().compareTo(pass.expireAfter()) < 0;
  }

  /**
   * Logs every window shorter than the compiled one at WARNING, with both values: a shorter window deletes rows the
   * code was written to keep, so it is said out loud each time the runtime is built.
   */
  private static void warnOfShortenedWindows(List<? extends RetentionPass> passes,
      Map<String, BoundSettings> settings) {
    for (RetentionPass pass : passes) {
      PassSettings passSettings = settingsOf(settings, pass.name());
      if (shortened(pass, passSettings)) {
        LOGGER.log(Level.WARNING, () -> "Retention window of " + pass.name() + " shortened to "
            + Durations.format(passSettings.retention()) + " (compiled: " + Durations.format(pass.expireAfter())
            + "): rows the compiled window keeps are deleted");
      }
    }
  }

  /** The settings the binder bound for {@code pass}: it binds some for every discovered pass. */
  private static BoundSettings settingsOf(Map<String, BoundSettings> settings, String pass) {
    BoundSettings bound = settings.get(pass);
    if (bound == null) {
      throw new IllegalStateException("No settings were bound for pass " + pass + "; bound: " + settings.keySet());
    }
    return bound;
  }

  private static ClassLoader contextClassLoader() {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    return loader != null ? loader : RuntimeAssembly.class.getClassLoader();
  }
}
