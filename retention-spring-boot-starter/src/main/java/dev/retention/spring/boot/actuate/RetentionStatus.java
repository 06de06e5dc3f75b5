package dev.retention.spring.boot.actuate;

import dev.retention.runtime.health.RetentionHealth;

/**
 * The status codes of the {@code retention} health indicator, the same on both Boot lines.
 *
 * <ul>
 *   <li>{@code UP}: every pass's recent sweeps succeeded, or failed fewer times in a row than the threshold;
 *   <li>{@value #FAILING}: a pass has failed its last {@code retention.health.failures-threshold} sweeps, or the sweep
 *       machinery failed unexpectedly. A status of its own, not {@code DOWN}: Spring Boot's health aggregation leaves
 *       out the statuses its {@code management.endpoint.health.status.order} does not list, so by default a
 *       retention failure shows on the component and in its details while {@code /actuator/health} and every group
 *       stay as they are. Every replica shares the database: a housekeeping failure that turned them all DOWN at once
 *       would take the whole service out of rotation. To make it count, list it in the order and map it to an HTTP
 *       status, for the root or for a group of its own (see the user guide, "Health and Kubernetes probes");
 *   <li>{@code UNKNOWN}: the runtime found no pass, so nothing is deleted; said in the details, without failing.
 * </ul>
 */
public final class RetentionStatus {

  /** The code of a failing retention: {@value}. */
  public static final String FAILING = "FAILING";

  private RetentionStatus() {}

  /** The status code that shows {@code status}. */
  public static String codeOf(RetentionHealth.Status status) {
    return switch (status) {
      case UP -> "UP";
      case FAILING -> FAILING;
      case NO_PASS -> "UNKNOWN";
    };
  }
}
