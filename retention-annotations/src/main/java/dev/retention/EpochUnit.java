package dev.retention;

/**
 * The unit of a numeric {@code @Ttl} attribute that holds epoch time: a count of seconds or milliseconds since
 * 1970-01-01T00:00:00Z. A number carries no unit of its own, so {@code @Ttl} on a {@code long}, {@code Long},
 * {@code int} or {@code Integer} attribute must name one; there is no default that could guess it.
 */
public enum EpochUnit {

  /**
   * Not an epoch attribute: the attribute is a date ({@code Instant}, {@code LocalDateTime}, ...). The default of
   * {@link Ttl#epoch()}, and refused on a numeric attribute, whose unit must be named.
   */
  NONE,

  /** Seconds since the epoch, as Unix time and JWT's {@code exp} count. */
  SECONDS,

  /**
   * Milliseconds since the epoch, as {@code System.currentTimeMillis()} counts (Spring Session JDBC's
   * {@code EXPIRY_TIME}, Keycloak's {@code EVENT_TIME}). Needs a {@code long} or {@code Long}: an {@code int} holds
   * milliseconds only until 1970-01-25.
   */
  MILLISECONDS
}
