package dev.retention.runtime.internal.config;

import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.RetentionOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Layers the options of every pass and checks them, collecting every problem before failing.
 *
 * <p>From lowest to highest precedence: the built-in defaults, {@code defaults(...)} in code,
 * {@code retention.defaults.*} in configuration, {@code options(pass, ...)} in code, {@code retention.<pass>.*} in
 * configuration. For one scope, configuration wins over code: the operator has the last word.
 */
public final class OptionsBinder {

  static final String PREFIX = "retention.";
  static final String DEFAULTS_SCOPE = "defaults";
  /** What follows a pass's name in the key of one scope's window: {@code retention.<pass>.scope.<value>.retention}. */
  static final String SCOPE_INFIX = ".scope.";
  static final String SCOPE_WINDOW_SUFFIX = "." + RetentionOption.RETENTION.key();

  private final Map<String, Duration> annotationWindows;
  private final List<String> problems = new ArrayList<>();
  /** Each pass's windows of single scopes from configuration, by the scope value as written in the key. */
  private final Map<String, Map<String, Duration>> scopeWindows = new HashMap<>();
  /** Each default retention that would shorten a compiled window, with the passes it would shorten. */
  private final Map<String, List<String>> shorteningDefaults = new TreeMap<>();

  private OptionsBinder(Map<String, Duration> annotationWindows) {
    this.annotationWindows = annotationWindows;
  }

  /**
   * Binds and checks the options of every pass.
   *
   * @param annotationWindows each discovered pass's name and the window its annotation declares, in pass order
   * @param configuration keys and values from configuration; keys that do not start with {@code retention.} are ignored
   * @param codeDefaults options set in code for every pass
   * @param codeOptions options set in code for one pass, by pass name
   * @return the settings of each pass, in pass order
   * @throws RetentionConfigurationException listing every problem found
   */
  public static Map<String, BoundSettings> bind(
      Map<String, Duration> annotationWindows,
      Map<String, String> configuration,
      RetentionOptions codeDefaults,
      Map<String, RetentionOptions> codeOptions) {
    return new OptionsBinder(annotationWindows).bindAll(configuration, codeDefaults, codeOptions);
  }

  private Map<String, BoundSettings> bindAll(
      Map<String, String> configuration, RetentionOptions codeDefaults, Map<String, RetentionOptions> codeOptions) {
    Map<String, RetentionOptions> configured = readConfiguration(configuration);
    RetentionOptions checkedCodeDefaults = checkCode("defaults(...) in code", codeDefaults);
    Map<String, RetentionOptions> checkedCodeOptions = new HashMap<>();
    new TreeMap<>(codeOptions).forEach((pass, options) -> {
      String source = "options(\"" + pass + "\", ...) in code";
      if (!annotationWindows.containsKey(pass)) {
        problems.add(source + ": " + noSuchPass(pass));
      } else {
        checkedCodeOptions.put(pass, checkCode(source, options));
      }
    });

    RetentionOptions configDefaults = configured.getOrDefault(DEFAULTS_SCOPE, RetentionOptions.empty());
    Map<String, BoundSettings> settings = new LinkedHashMap<>();
    annotationWindows.forEach((pass, window) -> {
      List<Layer> layers = List.of(
          new Layer(checkedCodeDefaults, option -> "defaults(...) in code: " + option.key()),
          new Layer(configDefaults, option -> PREFIX + DEFAULTS_SCOPE + "." + option.key()),
          new Layer(checkedCodeOptions.getOrDefault(pass, RetentionOptions.empty()),
              option -> "options(\"" + pass + "\", ...) in code: " + option.key()),
          new Layer(configured.getOrDefault(pass, RetentionOptions.empty()),
              option -> PREFIX + pass + "." + option.key()));
      RetentionOptions resolved = RetentionOptions.empty();
      for (Layer layer : layers) {
        resolved = resolved.overriddenBy(layer.options());
      }
      if (checkDefaultDoesNotShorten(pass, window, resolved, layers)) {
        checkRetentionOverride(pass, resolved, layers);
      }
      Map<String, Duration> windowsOfScopes = scopeWindows.getOrDefault(pass, Map.of());
      checkScopeWindows(pass, windowsOfScopes, resolved, layers);
      boolean batchSizeFixed = batchSizeFixed(pass, resolved, layers);
      settings.put(pass, BoundSettings.builder(pass)
          .enabled(resolved.enabled())
          .retention(resolved.retention().orElse(window), resolved.retention().isPresent())
          .minRetention(resolved.minRetention())
          .batchSize(resolved.batchSize())
          // The nearer of batch-size and batch-target set decides: a fixed size, or batches sized to batch-target (25 ms
          // by default), the size set further off then being the first batch's.
          .batchTarget(batchSizeFixed ? Optional.empty() : resolved.batchTarget())
          .batchSizeFixed(batchSizeFixed)
          .batchDelay(resolved.batchDelay())
          .sweepInterval(resolved.sweepInterval())
          .maxStartupStagger(resolved.maxStartupStagger())
          .maxBatchesPerSweep(resolved.maxBatchesPerSweep())
          .dryRun(resolved.dryRun())
          .batchTimeout(resolved.batchTimeout())
          .maxBatchesPerScope(resolved.maxBatchesPerScope())
          .scopeSweepBudget(resolved.scopeSweepBudget())
          .scopeWindows(windowsOfScopes)
          .epochCheck(resolved.epochCheck())
          .expiredPartitions(resolved.expiredPartitions())
          .maxReplicaLag(resolved.maxReplicaLag())
          .maxReplicaLagMb(resolved.maxReplicaLagMb())
          .maxHoldPerSweep(resolved.maxHoldPerSweep())
          .synchronousCommit(resolved.synchronousCommit())
          .maxRowsPerSecond(resolved.maxRowsPerSecond())
          .build());
    });
    shorteningDefaults.forEach((setting, passes) -> problems.add(setting + " would shorten the compiled window of "
        + String.join(", ", passes) + ": a default may lengthen windows, never shorten them. Shorten a pass's window"
        + " explicitly, for that pass alone, with retention.<pass name>.retention"));
    if (!problems.isEmpty()) {
      throw new RetentionConfigurationException(problems);
    }
    return settings;
  }

  /**
   * Whether the pass's batches have a fixed size: {@code batch-size} and {@code batch-target} say two ways to size
   * them, and the one set nearer the pass wins, as every option does (a pass's own {@code batch-target} beats
   * {@code retention.defaults.batch-size}, whose value is then the first batch's size); both set in one place is a
   * problem, since neither is nearer. A target that batches would take as long as {@code batch-timeout}, where every
   * statement fails, is a problem too.
   */
  private boolean batchSizeFixed(String pass, RetentionOptions resolved, List<Layer> layers) {
    int size = layerOf(RetentionOption.BATCH_SIZE, layers);
    int target = layerOf(RetentionOption.BATCH_TARGET, layers);
    if (size >= 0 && size == target) {
      addOnce(sourceOf(RetentionOption.BATCH_SIZE, layers) + " = " + resolved.batchSize() + " and "
          + sourceOf(RetentionOption.BATCH_TARGET, layers) + " = " + Durations.format(resolved.batchTarget().orElseThrow())
          + " are set together: batch-size fixes every batch's size, batch-target sizes batches by time, and neither"
          + " is set nearer " + (size >= FIRST_PASS_LAYER ? "the pass" : "any pass") + ". Keep one");
      return true;
    }
    boolean fixed = size > target;
    Optional<Duration> batchTarget = resolved.batchTarget();
    if (!fixed && batchTarget.isPresent() && batchTarget.get().compareTo(resolved.batchTimeout()) >= 0) {
      addOnce(pass + ": " + sourceOf(RetentionOption.BATCH_TARGET, layers) + " = "
          + Durations.format(batchTarget.get()) + " is not below batch-timeout " + Durations.format(
              resolved.batchTimeout()) + " (" + sourceOf(RetentionOption.BATCH_TIMEOUT, layers) + "): batches sized to"
          + " take that long would run into the timeout, which fails them. Lower batch-target or raise batch-timeout");
    }
    return fixed;
  }

  /** Adds {@code problem} unless it is listed already: a problem of a default is met once for each pass. */
  private void addOnce(String problem) {
    if (!problems.contains(problem)) {
      problems.add(problem);
    }
  }

  /** Reads {@code retention.*} keys into options by scope: {@code defaults} or a pass name. */
  private Map<String, RetentionOptions> readConfiguration(Map<String, String> configuration) {
    Map<String, RetentionOptions> byScope = new HashMap<>();
    new TreeMap<>(configuration).forEach((key, text) -> {
      if (!key.startsWith(PREFIX)) {
        return;
      }
      String rest = key.substring(PREFIX.length());
      if (readScopeWindow(key, rest, text)) {
        return;
      }
      int dot = rest.lastIndexOf('.');
      if (dot <= 0) {
        problems.add(quoted(key, text) + ": not an option key; write retention.defaults.<option> for every pass or"
            + " retention.<pass name>.<option> for one");
        return;
      }
      String scope = rest.substring(0, dot);
      String optionKey = rest.substring(dot + 1);
      Optional<RetentionOption> option = RetentionOption.forKey(optionKey);
      if (option.isEmpty()) {
        problems.add(quoted(key, text) + ": " + noSuchOption(optionKey));
        return;
      }
      if (!scope.equals(DEFAULTS_SCOPE) && !annotationWindows.containsKey(scope)) {
        problems.add(quoted(key, text) + ": " + noSuchPass(scope));
        return;
      }
      Object value;
      try {
        value = option.get().parse(text);
      } catch (IllegalArgumentException e) {
        problems.add(quoted(key, text) + ": " + e.getMessage());
        return;
      }
      Optional<String> problem = option.get().problemWith(value);
      if (problem.isPresent()) {
        problems.add(quoted(key, text) + ": " + problem.get());
        return;
      }
      byScope.merge(scope, RetentionOptions.empty().with(option.get(), value), RetentionOptions::overriddenBy);
    });
    return byScope;
  }

  /**
   * Reads {@code retention.<pass>.scope.<value>.retention}, the window of one scope of a pass, when {@code key} is one.
   * The value is everything between {@code .scope.} and {@code .retention}, dots included (a realm named
   * {@code example.com}), and may be empty ({@code scope..retention}: the scope of the empty string, which is not the
   * rows without a scope); whether it is a value of the pass's scope attribute is checked against the entity later.
   *
   * @return whether the key names a scope, so that nothing else should read it
   */
  private boolean readScopeWindow(String key, String rest, String text) {
    int lastDot = rest.lastIndexOf('.');
    if (lastDot > 0 && annotationWindows.containsKey(rest.substring(0, lastDot))) {
      return false;
    }
    String pass = annotationWindows.keySet().stream()
        .filter(name -> rest.startsWith(name + SCOPE_INFIX))
        .max(Comparator.comparingInt(String::length))
        .orElse(rest.startsWith(DEFAULTS_SCOPE + SCOPE_INFIX) ? DEFAULTS_SCOPE : null);
    if (pass == null) {
      return false;
    }
    String scoped = rest.substring(pass.length() + SCOPE_INFIX.length());
    if (pass.equals(DEFAULTS_SCOPE)) {
      problems.add(quoted(key, text) + ": windows of single scopes are set per pass, as retention.<pass name>"
          + SCOPE_INFIX + "<scope value>" + SCOPE_WINDOW_SUFFIX);
    } else if (!scoped.endsWith(SCOPE_WINDOW_SUFFIX)) {
      problems.add(quoted(key, text) + ": only the window can be set for one scope, as retention." + pass
          + SCOPE_INFIX + "<scope value>" + SCOPE_WINDOW_SUFFIX);
    } else {
      try {
        Duration window = (Duration) RetentionOption.RETENTION.parse(text);
        Optional<String> problem = RetentionOption.RETENTION.problemWith(window);
        if (problem.isPresent()) {
          problems.add(quoted(key, text) + ": " + problem.get());
        } else {
          scopeWindows.computeIfAbsent(pass, name -> new TreeMap<>())
              .put(scoped.substring(0, scoped.length() - SCOPE_WINDOW_SUFFIX.length()), window);
        }
      } catch (IllegalArgumentException e) {
        problems.add(quoted(key, text) + ": " + e.getMessage());
      }
    }
    return true;
  }

  /** A scope's window is an override like the pass's, held to the same floor. */
  private void checkScopeWindows(String pass, Map<String, Duration> windows, RetentionOptions resolved,
      List<Layer> layers) {
    windows.forEach((scope, window) -> {
      if (window.compareTo(resolved.minRetention()) < 0) {
        problems.add(pass + ": " + PREFIX + pass + SCOPE_INFIX + scope + SCOPE_WINDOW_SUFFIX + " = "
            + Durations.format(window) + " is below min-retention " + Durations.format(resolved.minRetention())
            + " (" + sourceOf(RetentionOption.MIN_RETENTION, layers) + "): so short a window would empty the"
            + " scope's rows. Raise the window, or lower min-retention if it is meant");
      }
    });
  }

  /** Checks the values set in code, keeping only the valid ones so that later checks do not repeat a problem. */
  private RetentionOptions checkCode(String source, RetentionOptions options) {
    RetentionOptions valid = RetentionOptions.empty();
    for (RetentionOption option : options.explicitlySet()) {
      Object value = options.get(option).orElseThrow();
      Optional<String> problem = option.problemWith(value);
      if (problem.isPresent()) {
        problems.add(source + ": " + option.key() + " = " + option.format(value) + ": " + problem.get());
      } else {
        valid = valid.with(option, value);
      }
    }
    return valid;
  }

  /**
   * A retention set for every pass applies where it lengthens a compiled window; one line that shortened every window,
   * a 68-year one to two hours, is the typo the floor exists to stop. Shortening is an act on one pass.
   *
   * @return whether the pass's retention passed this check (false: the problem is recorded)
   */
  private boolean checkDefaultDoesNotShorten(String pass, Duration window, RetentionOptions resolved,
      List<Layer> layers) {
    Optional<Duration> retention = resolved.retention();
    if (retention.isEmpty() || retention.get().compareTo(window) >= 0
        || layerOf(RetentionOption.RETENTION, layers) >= FIRST_PASS_LAYER) {
      return true;
    }
    shorteningDefaults.computeIfAbsent(
        sourceOf(RetentionOption.RETENTION, layers) + " = " + Durations.format(retention.get()),
        setting -> new ArrayList<>()).add(pass + " (compiled: " + Durations.format(window) + ")");
    return false;
  }

  private void checkRetentionOverride(String pass, RetentionOptions resolved, List<Layer> layers) {
    Optional<Duration> retention = resolved.retention();
    if (retention.isEmpty() || retention.get().compareTo(resolved.minRetention()) >= 0) {
      return;
    }
    problems.add(pass + ": " + sourceOf(RetentionOption.RETENTION, layers) + " = "
        + Durations.format(retention.get()) + " is below min-retention " + Durations.format(resolved.minRetention())
        + " (" + sourceOf(RetentionOption.MIN_RETENTION, layers) + "): so short a window would empty the table."
        + " Raise the retention, or lower min-retention if the window is meant");
  }

  /** The index in {@code layers} of the first layer that sets one pass alone. */
  private static final int FIRST_PASS_LAYER = 2;

  private static String sourceOf(RetentionOption option, List<Layer> layers) {
    int layer = layerOf(option, layers);
    return layer < 0 ? "built-in default" : layers.get(layer).source().describe(option);
  }

  /** The index of the highest layer that sets {@code option}; -1 when none does. */
  private static int layerOf(RetentionOption option, List<Layer> layers) {
    for (int i = layers.size() - 1; i >= 0; i--) {
      if (layers.get(i).options().explicitlySet().contains(option)) {
        return i;
      }
    }
    return -1;
  }

  private String noSuchPass(String pass) {
    String known = annotationWindows.isEmpty() ? "none were discovered" : "discovered: "
        + String.join(", ", annotationWindows.keySet());
    return "no pass named " + pass + didYouMean(pass, annotationWindows.keySet()) + " (" + known + ")";
  }

  private static String noSuchOption(String optionKey) {
    List<String> keys = Arrays.stream(RetentionOption.values()).map(RetentionOption::key).collect(Collectors.toList());
    return "no option named " + optionKey + didYouMean(optionKey, keys) + " (options: " + String.join(", ", keys) + ")";
  }

  private static String didYouMean(String typed, Collection<String> candidates) {
    return Suggestions.closest(typed, candidates).map(match -> "; did you mean " + match + "?").orElse("");
  }

  private static String quoted(String key, String text) {
    return key + " = \"" + text + "\"";
  }

  private interface Source {
    String describe(RetentionOption option);
  }

  private record Layer(RetentionOptions options, Source source) {}
}
