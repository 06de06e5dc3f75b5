package dev.retention.runtime.health;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepInFlight;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What a runtime knows of its passes, as plain values every integration serializes as it is: the Spring Boot
 * {@code retention} endpoint (over HTTP and JMX) and the Quarkus {@code /q/retention} route show these maps and add
 * nothing, so that a new option or a new fact of a report shows everywhere once it is here.
 *
 * <p>The maps hold strings, numbers, booleans, lists and maps only, in a stable order, and never null: an absent value
 * (no lag, no failure, no set-aside reason) is an empty string, because some serializers drop nulls and a key that
 * comes and goes is harder to read and to alert on. Settings are written the way configuration writes them ({@code 1h},
 * {@code 500}, {@code never}); instants and measured durations in ISO-8601, so that the JSON reads the same whatever
 * the application's JSON settings.
 *
 * <ul>
 *   <li>{@link #settings}: every {@link RetentionOption} by its key, with its value in force, then what is derived from
 *       them ({@link #DERIVED_SETTINGS});
 *   <li>{@link #report}: every fact of a {@link SweepReport}, by the name of its accessor ({@link #REPORT_FACTS});
 *   <li>{@link #inFlight}: the sweep of a pass under way, as far as it has got ({@link #IN_FLIGHT_FACTS});
 *   <li>{@link #pass} and {@link #passes}: a pass's name, settings, failures in a row, sweep under way and latest
 *       report.
 * </ul>
 */
public final class RetentionView {

  /** The keys {@link #settings} writes after the options': what the runtime derived from them. */
  public static final List<String> DERIVED_SETTINGS =
      List.of("retention-source", "batch-sizing", "effective-interval", "statements", "scope-windows");

  /** The keys of {@link #report}: the accessors of {@link SweepReport}, in the order the class declares them. */
  public static final List<String> REPORT_FACTS = List.of("pass", "startedAt", "cutoff", "deleted", "batches",
      "workRemains", "dryRun", "duration", "lag", "failure", "scope", "tenant",
      "keepsEveryRow", "setAside", "setAsideReason",
      "skipped", "partitions", "partitionsDropped", "partitionRows", "heldFor", "heldBy", "replicaLagBytes", "replicaLag",
      "succeeded", "noProgress", "noProgressReason");

  /** The keys of {@link #inFlight}, when a sweep is under way: since when, against what, and how far it has got. */
  public static final List<String> IN_FLIGHT_FACTS = List.of("startedAt", "cutoff", "batches", "deleted");

  /** How {@link #settings} writes an option that is not set and has no default: {@value}. */
  public static final String UNSET = "unset";

  private RetentionView() {}

  /**
   * Every pass of {@code runtime}, by name in the runtime's order, each as {@link #pass} shows it.
   *
   * @param history one of the runtime's listeners
   */
  public static Map<String, Object> passes(RetentionRuntime runtime, SweepHistory history) {
    Map<String, Object> passes = new LinkedHashMap<>();
    for (RetentionPass pass : runtime.passes()) {
      passes.put(pass.name(), pass(runtime, history, pass.name()));
    }
    return passes;
  }

  /**
   * One pass: {@code entity} (its name), {@code settings}, {@code consecutiveFailures} (sweeps in a row, up to the last
   * that ran, that failed), {@code sweepInFlight} (the sweep of all its rows under way, {@link #inFlight}; an empty map
   * when none is) and {@code lastReport}, the latest sweep of all its rows. A sweep skipped because another instance
   * held the pass's lock counts: an instance whose sweeps are all skipped shows {@code skipped: true} rather than
   * nothing, while the failures in a row count the sweeps that ran. {@code lastReport} is absent before the first sweep
   * ends, when {@code sweepInFlight} shows a first long sweep.
   *
   * @throws IllegalArgumentException when the runtime has no pass of that name
   */
  public static Map<String, Object> pass(RetentionRuntime runtime, SweepHistory history, String pass) {
    Map<String, Object> view = new LinkedHashMap<>();
    view.put("entity", pass);
    view.put("settings", settings(runtime.settings(pass)));
    view.put("consecutiveFailures", history.of(pass).map(PassHistory::consecutiveFailures).orElse(0));
    view.put("sweepInFlight", runtime.sweepInFlight(pass).map(RetentionView::inFlight).orElse(Map.of()));
    history.latest(pass).ifPresent(report -> view.put("lastReport", report(report)));
    return view;
  }

  /** A sweep under way, by {@link #IN_FLIGHT_FACTS}: when it began, its cutoff, the batches and rows so far. */
  public static Map<String, Object> inFlight(SweepInFlight sweep) {
    Objects.requireNonNull(sweep, "sweep");
    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("startedAt", sweep.startedAt().toString());
    facts.put("cutoff", cutoff(sweep.cutoff()));
    facts.put("batches", sweep.batches());
    facts.put("deleted", sweep.deleted());
    return facts;
  }

  private static String cutoff(Instant cutoff) {
    // A window of never keeps every row, and compares nothing with a cutoff.
    return cutoff.equals(Instant.MIN) ? RetentionOption.NEVER : cutoff.toString();
  }

  /**
   * Every option of {@code settings} by its key, in {@link RetentionOption}'s order, then {@link #DERIVED_SETTINGS}.
   */
  public static Map<String, Object> settings(PassSettings settings) {
    Map<String, Object> values = new LinkedHashMap<>();
    for (RetentionOption option : RetentionOption.values()) {
      values.put(option.key(), valueInForce(option, settings));
    }
    values.put("retention-source", settings.retentionOverridden() ? "configuration" : "annotation");
    values.put("batch-sizing", settings.batchSizeFixed() ? "fixed" : "by batch-target");
    values.put("effective-interval", RetentionOption.SWEEP_INTERVAL.format(settings.effectiveInterval()));
    values.put("statements", settings.statementShape().description());
    Map<String, Object> scopeWindows = new TreeMap<>();
    settings.scopeWindows()
        .forEach((scope, window) -> scopeWindows.put(scope, RetentionOption.RETENTION.format(window)));
    values.put("scope-windows", scopeWindows);
    return values;
  }

  /**
   * The value of {@code option} in force for a pass, as JSON writes it: a boolean, a number, or text as configuration
   * writes it. A switch without a default, so that a new option does not compile until it is shown.
   */
  private static Object valueInForce(RetentionOption option, PassSettings settings) {
    return switch (option) {
      case ENABLED -> settings.enabled();
      case RETENTION -> option.format(settings.retention());
      case MIN_RETENTION -> option.format(settings.minRetention());
      case BATCH_SIZE -> settings.batchSize();
      case BATCH_TARGET -> settings.batchTarget().map(option::format).orElse(UNSET);
      case BATCH_DELAY -> option.format(settings.batchDelay());
      case SWEEP_INTERVAL -> option.format(settings.sweepInterval());
      case MAX_STARTUP_STAGGER -> option.format(settings.maxStartupStagger());
      case MAX_BATCHES_PER_SWEEP -> settings.maxBatchesPerSweep();
      case DRY_RUN -> settings.dryRun();
      case BATCH_TIMEOUT -> option.format(settings.batchTimeout());
      case MAX_BATCHES_PER_SCOPE -> settings.maxBatchesPerScope();
      case SCOPE_SWEEP_BUDGET -> option.format(settings.scopeSweepBudget());
      case EPOCH_CHECK -> settings.epochCheck();
      case EXPIRED_PARTITIONS -> settings.expiredPartitions().key();
      case MAX_REPLICA_LAG -> option.format(settings.maxReplicaLag());
      case MAX_REPLICA_LAG_MB -> settings.maxReplicaLagMb();
      case MAX_HOLD_PER_SWEEP -> option.format(settings.maxHoldPerSweep());
      case SYNCHRONOUS_COMMIT -> settings.synchronousCommit().key();
      case MAX_ROWS_PER_SECOND -> settings.maxRowsPerSecond();
    };
  }

  /**
   * Every fact of {@code report}, by {@link #REPORT_FACTS}. A sweep skipped because another instance was sweeping the
   * pass looked at no row: what it did not see is not claimed, and its {@code workRemains} is an empty string, neither
   * true nor false (as its {@code lag}); it did not succeed either ({@link SweepReport#succeeded()}), nor fail.
   */
  public static Map<String, Object> report(SweepReport report) {
    Objects.requireNonNull(report, "report");
    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("pass", report.pass());
    facts.put("startedAt", report.startedAt().toString());
    facts.put("cutoff", cutoff(report.cutoff()));
    facts.put("deleted", report.deleted());
    facts.put("batches", report.batches());
    facts.put("workRemains", report.skipped() ? "" : report.workRemains());
    facts.put("dryRun", report.dryRun());
    facts.put("duration", report.duration().toString());
    facts.put("lag", text(report.lag().map(Duration::toString)));
    facts.put("failure", text(report.failure().map(Throwable::toString)));
    facts.put("scope", report.scope().key());
    facts.put("tenant", text(report.tenant()));
    facts.put("keepsEveryRow", report.keepsEveryRow());
    facts.put("setAside", report.setAside());
    facts.put("setAsideReason", text(report.setAsideReason()));
    facts.put("skipped", report.skipped());
    facts.put("partitions", report.partitions());
    facts.put("partitionsDropped", report.partitionsDropped());
    facts.put("partitionRows", report.partitionRows());
    facts.put("heldFor", report.heldFor().toString());
    facts.put("heldBy", text(report.heldBy()));
    facts.put("replicaLagBytes", report.replicaLagBytes().<Object>map(bytes -> bytes).orElse(""));
    facts.put("replicaLag", text(report.replicaLag().map(Duration::toString)));
    facts.put("succeeded", report.succeeded());
    facts.put("noProgress", text(report.noProgress().map(SweepReport.NoProgress::description)));
    facts.put("noProgressReason", text(report.noProgressReason()));
    return facts;
  }

  private static String text(Optional<String> value) {
    return value.orElse("");
  }
}
