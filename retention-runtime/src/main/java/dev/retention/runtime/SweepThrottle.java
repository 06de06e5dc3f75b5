package dev.retention.runtime;

import java.util.Optional;

/**
 * The application's say in when sweeps delete: asked before each batch of every pass (at most once every
 * {@code ThrottleCheck} interval, a quarter of a second), it answers why the pass must hold now, or nothing to let
 * the batch go. A sweep held by it waits, within {@code max-hold-per-sweep}, and its report, the log and the view say
 * why. Load, a maintenance window, a flag, a query of the application's own: whatever it reads, it must answer fast and
 * never throw (a throttle that throws holds the sweep, its exception being the reason).
 *
 * <pre>{@code
 * RetentionRuntime.builder(emf)
 *     .throttle(pass -> businessHours.contains(LocalTime.now()) ? Optional.of("business hours") : Optional.empty())
 * }</pre>
 *
 * <p>Given to the builder ({@code RetentionRuntime.Builder.throttle}), or changed at run time
 * ({@code RetentionRuntime.throttle}).
 */
@FunctionalInterface
public interface SweepThrottle {

  /** Lets every batch go. */
  SweepThrottle NEVER_HOLDS = pass -> Optional.empty();

  /**
   * Why batches of {@code pass} must wait now, in words for the log and the report ("maintenance window"), or empty to
   * let the next batch go.
   *
   * @param pass the pass's name (its entity's fully qualified class name)
   */
  Optional<String> holdReason(String pass);
}
