package dev.retention.runtime.health;

import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.RetentionRuntime;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The health of a runtime, judged once here for every framework:
 *
 * <ul>
 *   <li>{@link Status#FAILING} when a pass has failed its last {@code failuresThreshold} sweeps in a row, or a failure
 *       escaped the sweep machinery itself ({@link RetentionRuntime#unexpectedFailure()}, which stays until the runtime
 *       is restarted). One failed sweep is not enough: the sweeper retries on its own, and a lock timeout now and then
 *       is not an outage.
 *   <li>{@link Status#NO_PASS} when the runtime has no pass at all: a build whose processor did not run deletes
 *       nothing, and should say so, but it is no reason to take the application out of service.
 *   <li>{@link Status#UP} otherwise, also before the first sweep.
 * </ul>
 *
 * <p>A retention failure is housekeeping, not an outage of the application: every replica shares the database, so a
 * check that failed readiness or liveness would take every replica out at once. The integrations show it without
 * failing the probes: the Quarkus extension as a wellness check, the Spring Boot starter as a status of its own that
 * Spring's health aggregation ignores unless told otherwise.
 */
public final class RetentionHealth {

  /** What the health says. */
  public enum Status {
    /** Every pass's recent sweeps succeeded, or failed fewer times in a row than the threshold. */
    UP,
    /** A pass has failed its last {@code failuresThreshold} sweeps, or the sweep machinery failed unexpectedly. */
    FAILING,
    /** The runtime found no pass: nothing is deleted. Said without failing. */
    NO_PASS
  }

  /** How many failed sweeps in a row of one pass make the health {@link Status#FAILING} unless configured. */
  public static final int DEFAULT_FAILURES_THRESHOLD = 3;

  /** The {@link #problem()} of a runtime without a pass. */
  public static final String NO_PASS_PROBLEM = "no @Ttl entity was found, so nothing is deleted: is"
      + " retention-processor on the compiler's annotationProcessorPaths? See the user guide, 'The runtime finds no"
      + " pass'";

  private final Status status;
  private final int passes;
  private final int failuresThreshold;
  private final Map<String, PassHistory> failingPasses;
  private final Optional<Throwable> unexpectedFailure;

  private RetentionHealth(Status status, int passes, int failuresThreshold, Map<String, PassHistory> failingPasses,
      Optional<Throwable> unexpectedFailure) {
    this.status = status;
    this.passes = passes;
    this.failuresThreshold = failuresThreshold;
    this.failingPasses = failingPasses;
    this.unexpectedFailure = unexpectedFailure;
  }

  /**
   * The health of {@code runtime} by {@code history}, which must be one of its listeners.
   *
   * @throws IllegalArgumentException when {@code failuresThreshold} is below 1
   */
  public static RetentionHealth of(RetentionRuntime runtime, SweepHistory history, int failuresThreshold) {
    return of(List.of(runtime), history, failuresThreshold);
  }

  /**
   * The health of several runtimes (one per persistence unit, say) taken together, by one {@code history} that
   * listens to each.
   *
   * @throws IllegalArgumentException when {@code failuresThreshold} is below 1
   */
  public static RetentionHealth of(Collection<RetentionRuntime> runtimes, SweepHistory history,
      int failuresThreshold) {
    checkedFailuresThreshold(failuresThreshold);
    Objects.requireNonNull(history, "history");
    Set<String> passes = runtimes.stream().flatMap(runtime -> runtime.passes().stream()).map(RetentionPass::name)
        .collect(Collectors.toSet());
    Optional<Throwable> unexpected = runtimes.stream().map(RetentionRuntime::unexpectedFailure)
        .flatMap(Optional::stream).findFirst();
    Map<String, PassHistory> failing = new TreeMap<>();
    history.all().forEach((pass, passHistory) -> {
      if (passes.contains(pass) && passHistory.consecutiveFailures() > 0) {
        failing.put(pass, passHistory);
      }
    });
    Status status;
    if (passes.isEmpty()) {
      status = Status.NO_PASS;
    } else if (unexpected.isPresent()
        || failing.values().stream().anyMatch(pass -> pass.consecutiveFailures() >= failuresThreshold)) {
      status = Status.FAILING;
    } else {
      status = Status.UP;
    }
    return new RetentionHealth(status, passes.size(), failuresThreshold, failing, unexpected);
  }

  /**
   * What is wrong with {@code failuresThreshold}, if anything, for a message that names where it was set.
   *
   * @return empty for a threshold of 1 or more
   */
  public static Optional<String> problemWithFailuresThreshold(int failuresThreshold) {
    return failuresThreshold >= 1 ? Optional.empty()
        : Optional.of("must be at least 1; it counts the failed sweeps in a row of one pass that make Retention's"
            + " health FAILING");
  }

  /**
   * {@code failuresThreshold}, checked.
   *
   * @throws IllegalArgumentException when it is below 1, saying what it counts
   */
  public static int checkedFailuresThreshold(int failuresThreshold) {
    problemWithFailuresThreshold(failuresThreshold).ifPresent(problem -> {
      throw new IllegalArgumentException("failuresThreshold = " + failuresThreshold + ": " + problem);
    });
    return failuresThreshold;
  }

  public Status status() {
    return status;
  }

  /** How many passes the runtime manages, enabled or not. */
  public int passes() {
    return passes;
  }

  public int failuresThreshold() {
    return failuresThreshold;
  }

  /** The passes whose last sweep failed, by name, sorted: below the threshold too, so that trouble shows early. */
  public Map<String, PassHistory> failingPasses() {
    return failingPasses;
  }

  /** The failure that escaped the sweep machinery, if any; see {@link RetentionRuntime#unexpectedFailure()}. */
  public Optional<Throwable> unexpectedFailure() {
    return unexpectedFailure;
  }

  /** Why the health is {@link Status#NO_PASS}; empty otherwise. */
  public Optional<String> problem() {
    return status == Status.NO_PASS ? Optional.of(NO_PASS_PROBLEM) : Optional.empty();
  }

  /**
   * The details every integration shows, by name: {@code passes}, {@code failuresThreshold}, {@code failingPasses}
   * (each with its {@code consecutiveFailures} and {@code lastFailure}), and when present {@code problem} and
   * {@code unexpectedFailure}.
   */
  public Map<String, Object> details() {
    Map<String, Object> failing = new TreeMap<>();
    failingPasses.forEach((pass, history) -> {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("consecutiveFailures", history.consecutiveFailures());
      entry.put("lastFailure", lastFailure(history));
      failing.put(pass, entry);
    });
    Map<String, Object> details = new TreeMap<>();
    details.put("passes", passes);
    details.put("failuresThreshold", failuresThreshold);
    details.put("failingPasses", failing);
    problem().ifPresent(problem -> details.put("problem", problem));
    unexpectedFailure.ifPresent(failure -> details.put("unexpectedFailure", failure.toString()));
    return details;
  }

  /** The failure of {@code history}'s last sweep, as its class and message. */
  public static String lastFailure(PassHistory history) {
    return history.lastReport().failure().map(Throwable::toString).orElse("");
  }

  @Override
  public String toString() {
    return status + " " + details();
  }
}
