package dev.retention.runtime.internal.scope;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.ScopeWindows;
import dev.retention.runtime.internal.config.Durations;
import dev.retention.runtime.internal.config.OptionLimits;
import jakarta.persistence.metamodel.Metamodel;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The windows of single scopes the builder was given in code, and the check, when the runtime is built, of every
 * window of a scope: that its pass has a scope attribute, and that configuration's scope values are values of it.
 */
public final class ScopedPasses {

  private static final System.Logger LOGGER = System.getLogger(ScopedPasses.class.getName());

  private final Map<String, ScopeWindows> code = new LinkedHashMap<>();

  /**
   * Adds the application's windows of the scopes of {@code passName}.
   *
   * @throws IllegalStateException when that pass was given windows already
   */
  public void add(String passName, ScopeWindows windows) {
    Objects.requireNonNull(passName, "passName");
    Objects.requireNonNull(windows, "windows");
    if (code.putIfAbsent(passName, windows) != null) {
      throw new IllegalStateException("scopeWindows(\"" + passName + "\", ...) was called twice; give each pass one"
          + " ScopeWindows, which may consult several sources");
    }
  }

  /**
   * A shortest window the windows in code declare ({@link ScopeWindows#atLeast}, or their own {@code shortest()}) that
   * is null, negative or beyond the upper bound of {@code retention}.
   */
  private void checkDeclaredShortest(RetentionPass pass, List<String> problems) {
    ScopeWindows windows = code.get(pass.name());
    if (windows == null) {
      return;
    }
    Duration shortest = windows.shortest();
    if (shortest == null) {
      problems.add("scopeWindows(\"" + pass.name() + "\", ...) in code: its shortest() is null; return"
          + " Duration.ZERO where no shortest window is known");
    } else if (shortest.isNegative() || (shortest.compareTo(OptionLimits.longestWindow()) > 0
        && !ScopeWindows.NEVER.equals(shortest))) {
      problems.add("scopeWindows(\"" + pass.name() + "\", ...) in code: the shortest window it declares, "
          + Durations.format(shortest) + ", is out of range (0 to " + Durations.format(OptionLimits.longestWindow())
          + ", or ScopeWindows.NEVER)");
    }
  }

  /**
   * The windows of each managed pass with a scope attribute, by pass name.
   *
   * @param discovered every discovered pass
   * @param managed the passes of this factory's entities
   * @throws RetentionConfigurationException listing every window given to a pass without a scope attribute, or to a
   *     value no scope can have
   */
  public Map<String, ScopeWindowing> resolve(List<? extends RetentionPass> discovered,
      List<? extends RetentionPass> managed, Map<String, ? extends PassSettings> settings, Metamodel metamodel) {
    List<String> problems = new ArrayList<>();
    Set<String> names = discovered.stream().map(RetentionPass::name).collect(Collectors.toSet());
    code.keySet().stream().filter(name -> !names.contains(name)).forEach(name -> problems.add("scopeWindows(\""
        + name + "\", ...) in code: no pass named " + name + " (discovered: " + String.join(", ", names) + ")"));
    Map<String, ScopeWindowing> windowing = new HashMap<>();
    for (RetentionPass pass : discovered) {
      PassSettings passSettings = settings.get(pass.name());
      if (pass.scopeAttribute().isEmpty()) {
        if (code.containsKey(pass.name())) {
          problems.add("scopeWindows(\"" + pass.name() + "\", ...) in code: " + noScope(pass));
        }
        passSettings.scopeWindows().keySet().forEach(value -> problems.add(key(pass, value) + ": " + noScope(pass)));
      } else if (managed.contains(pass)) {
        ScopeValues values = ScopeValues.of(metamodel, pass.name(), pass.entityType(), pass.scopeAttribute().get());
        Map<Object, Duration> configured = new HashMap<>();
        passSettings.scopeWindows().forEach((text, window) -> {
          try {
            configured.put(values.convert(text), window);
          } catch (IllegalArgumentException notAValue) {
            problems.add(key(pass, text) + ": \"" + text + "\" is no value of the scope attribute "
                + values.attribute() + ", a " + values.type().getSimpleName());
          }
        });
        checkDeclaredShortest(pass, problems);
        warnOfCollidingKeys(pass, passSettings.scopeWindows());
        warnOfShortened(pass, passSettings.scopeWindows());
        windowing.put(pass.name(),
            new ScopeWindowing(values, passSettings.retention(), configured, code.get(pass.name())));
      }
    }
    if (!problems.isEmpty()) {
      throw new RetentionConfigurationException(problems);
    }
    return windowing;
  }

  private static String noScope(RetentionPass pass) {
    return "pass " + pass.name() + " has no @TtlScope attribute, so it has no scopes. Mark the attribute that splits"
        + " its rows (a tenant id) with @TtlScope, or remove the windows of scopes";
  }

  private static String key(RetentionPass pass, String value) {
    return "retention." + pass.name() + ".scope." + value + ".retention";
  }

  /**
   * Configured keys that a collation may take as one value ({@code ACME} and {@code acme}) are said out loud: the rows
   * of any of them go by the longest of their windows, whatever the others say.
   */
  private static void warnOfCollidingKeys(RetentionPass pass, Map<String, Duration> windows) {
    Map<Object, List<String>> byFold = new LinkedHashMap<>();
    new java.util.TreeMap<>(windows).keySet()
        .forEach(key -> byFold.computeIfAbsent(ScopeFolding.fold(key), fold -> new ArrayList<>()).add(key));
    for (List<String> keys : byFold.values()) {
      if (keys.size() < 2) {
        continue;
      }
      Duration longest = keys.stream().map(windows::get).max(Duration::compareTo).orElseThrow();
      LOGGER.log(Level.WARNING, () -> "Retention windows of " + pass.name() + " for scopes " + keys.stream()
          .map(key -> key(pass, key) + " = " + Durations.format(windows.get(key))).collect(Collectors.joining(", "))
          + ": a database collation may take these values as one (case, accents, trailing spaces), so the rows of"
          + " each go by the longest, " + Durations.format(longest) + "; give such values one key");
    }
  }

  /**
   * The scopes' windows shorter than the compiled one are said out loud, as a pass's is, in one line for the pass: a
   * pass with windows for many realms would otherwise log a line for each at every start.
   */
  private static void warnOfShortened(RetentionPass pass, Map<String, Duration> windows) {
    List<String> shortened = windows.entrySet().stream()
        .filter(entry -> entry.getValue().compareTo(pass.expireAfter()) < 0)
        .map(entry -> entry.getKey() + " to " + Durations.format(entry.getValue()))
        .collect(Collectors.toList());
    if (!shortened.isEmpty()) {
      LOGGER.log(Level.WARNING, () -> "Retention windows of " + pass.name() + " shortened for "
          + (shortened.size() == 1 ? "scope " : shortened.size() + " scopes: ") + String.join(", ", shortened)
          + " (compiled: " + Durations.format(pass.expireAfter()) + "): rows the compiled window keeps are deleted");
    }
  }
}
