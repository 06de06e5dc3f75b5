package dev.retention.runtime.internal.assembly;

import dev.retention.runtime.BeforeDelete;
import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.generated.GeneratedPass;
import dev.retention.runtime.generated.RetentionRegistry;
import dev.retention.runtime.internal.config.BoundSettings;
import dev.retention.runtime.internal.config.Durations;
import dev.retention.runtime.internal.config.OptionsBinder;
import dev.retention.runtime.internal.database.DatabaseProfile;
import dev.retention.runtime.internal.discovery.RegistryDiscovery;
import dev.retention.runtime.internal.hook.BeforeDeleteHooks;
import dev.retention.runtime.internal.lock.PassLocks;
import dev.retention.runtime.internal.mapping.StoredTypes;
import dev.retention.runtime.internal.pass.Conditions;
import dev.retention.runtime.internal.partition.PartitionPlan;
import dev.retention.runtime.internal.partition.PartitionTables;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.report.Listeners;
import dev.retention.runtime.internal.schedule.SweepTimer;
import dev.retention.runtime.internal.scope.ScopeWindowing;
import dev.retention.runtime.internal.scope.ScopedPasses;
import dev.retention.runtime.internal.shape.ShapeChoice;
import dev.retention.runtime.internal.sweep.StopSignal;
import dev.retention.runtime.internal.sweep.SweepEnvironment;
import dev.retention.runtime.internal.sweep.Sweeper;
import dev.retention.runtime.internal.transaction.BatchTransactions;
import dev.retention.runtime.internal.transaction.ProviderJta;
import dev.retention.runtime.internal.transaction.TransactionChoice;
import jakarta.persistence.EntityManagerFactory;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What {@code RetentionRuntime.Builder.build()} does: discovers the passes, binds and checks every option, checks the
 * passes against the factory (conditions, stored types, hooks, scope windows), chooses each pass's statements and
 * transactions, and makes one sweeper per pass. Everything that can be wrong is found here, before a thread starts.
 */
public final class RuntimeAssembly {

  private static final System.Logger LOGGER = System.getLogger(RuntimeAssembly.class.getName());

  /**
   * What the builder was given.
   *
   * @param registries the registries to use instead of discovering them; null to discover
   * @param transactions the application's way to run a batch's transaction, given whether the unit is JTA; null to
   *     choose from the factory
   * @param threadFactory makes the threads listeners are called on; null for the runtime's own
   * @param sweepTimer the monotonic time of the sweeps; null for {@code System.nanoTime()}
   */
  public record Input(EntityManagerFactory emf, Clock clock, ZoneId zone, Map<String, String> configuration,
      RetentionOptions defaults, Map<String, RetentionOptions> options, List<SweepListener> listeners,
      ClassLoader classLoader, List<RetentionRegistry> registries, boolean portableStatements,
      BeforeDeleteHooks beforeDelete, ScopedPasses scopeWindows, Function<Boolean, BatchTransactions> transactions,
      ThreadFactory threadFactory, SweepTimer sweepTimer) {}

  /**
   * A runtime's parts.
   *
   * @param passes the passes of the factory's entities, sorted by name
   * @param sweepers one per pass, by name, in the passes' order
   * @param listeners every listener, built-in and the application's, which the runtime closes when it closes
   */
  public record Assembled(List<RetentionPass> passes, Map<String, Sweeper> sweepers, BatchTransactions transactions,
      StopSignal stopSignal, Listeners listeners) {}

  private RuntimeAssembly() {}

  /**
   * Assembles a runtime from what the builder was given.
   *
   * @throws RetentionConfigurationException listing every problem found
   */
  public static Assembled assemble(Input input) {
    EntityManagerFactory emf = input.emf();
    List<GeneratedPass> discovered = input.registries() != null
        ? RegistryDiscovery.collect(input.registries())
        : RegistryDiscovery.discover(input.classLoader() != null ? input.classLoader() : contextClassLoader());
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
    ShapeChoice shapes = new ShapeChoice(ProviderSupport.nativeShapes(emf, database, input.portableStatements()));
    Optional<ProviderJta> jta = ProviderSupport.jta();
    BatchTransactions transactions = input.transactions() != null
        ? input.transactions().apply(TransactionChoice.isJtaFactory(emf, jta))
        : TransactionChoice.detect(emf, jta);
    StopSignal stopSignal = new StopSignal();
    Listeners listeners = Listeners.withBuiltIns(input.listeners(), input.threadFactory());
    SweepTimer timer = input.sweepTimer();
    PassLocks locks = ProviderSupport.passLocks(emf, database);
    Optional<String> lockProblem = locks.configurationProblem();
    if (lockProblem.isPresent() && settings.values().stream().anyMatch(BoundSettings::enabled)) {
      throw new RetentionConfigurationException(List.of(lockProblem.get()));
    }
    SweepEnvironment environment = new SweepEnvironment(emf, transactions, input.clock(), input.zone(), listeners,
        stopSignal, timer != null ? timer::nanoTime : System::nanoTime, database.textComparison(), locks);
    Map<String, Sweeper> sweepers = new LinkedHashMap<>();
    PartitionTables partitionTables = ProviderSupport.partitionTables(emf, database, input.portableStatements());
    boolean jtaBatches = TransactionChoice.isJtaFactory(emf, jta);
    List<String> unpurgeable = new ArrayList<>();
    for (PassModel model : models) {
      ProviderSupport.purgeRefusal(emf, database, model, input.portableStatements(),
              input.beforeDelete().hookOf(model.name()).isPresent())
          .filter(refusal -> settings.get(model.name()).enabled())
          .ifPresent(refusal -> unpurgeable.add("Pass " + model.name() + " cannot delete its rows: " + refusal));
    }
    if (!unpurgeable.isEmpty()) {
      throw new RetentionConfigurationException(unpurgeable);
    }
    for (PassModel model : models) {
      Optional<BeforeDelete> hook = input.beforeDelete().hookOf(model.name());
      ShapeChoice.Choice choice = shapes.forPass(model, hook, settings.get(model.name()));
      BoundSettings passSettings = settings.get(model.name()).withStatementShape(choice.shape().kind());
      PartitionPlan partitions = passSettings.enabled()
          ? PartitionPlan.decide(partitionTables, model, passSettings,
              new PartitionPlan.PassFacts(hook.isPresent(), jtaBatches), emf, transactions)
          : PartitionPlan.NONE;
      sweepers.put(model.name(), new Sweeper(environment, model, passSettings, choice,
          windowsOfScopes.get(model.name()), partitions));
    }
    return new Assembled(List.copyOf(managed), sweepers, transactions, stopSignal, listeners);
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
      PassSettings passSettings = settings.get(pass.name());
      if (shortened(pass, passSettings)) {
        LOGGER.log(Level.WARNING, () -> "Retention window of " + pass.name() + " shortened to "
            + Durations.format(passSettings.retention()) + " (compiled: " + Durations.format(pass.expireAfter())
            + "): rows the compiled window keeps are deleted");
      }
    }
  }

  private static ClassLoader contextClassLoader() {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    return loader != null ? loader : RuntimeAssembly.class.getClassLoader();
  }
}
