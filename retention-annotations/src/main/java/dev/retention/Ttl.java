package dev.retention;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.RetentionPolicy.CLASS;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * Marks the date attribute of a JPA entity that decides when its row expires.
 *
 * <p>A row is expired at instant {@code now} exactly when {@code attribute + expireAfterSeconds <= now}. With
 * {@code expireAfterSeconds = 0} the attribute is the expiry instant itself (a session's {@code expiresAt}); above zero
 * it is the window after the attribute (an audit entry kept 365 days after {@code occurredAt}). A row whose attribute
 * is {@code null} never expires.
 *
 * <p>The attribute is a date ({@code Instant}, {@code OffsetDateTime}, {@code LocalDateTime}, ...), or a number that
 * holds epoch time ({@code long}, {@code Long}, {@code int}, {@code Integer}), whose unit {@link #epoch()} names:
 *
 * <pre>{@code
 * @Ttl(expireAfterSeconds = 0, epoch = EpochUnit.MILLISECONDS)   // Spring Session JDBC's EXPIRY_TIME
 * long expiryTime;
 * }</pre>
 *
 * <p>Put it on a persistent field, or on the getter when the entity uses property access. The annotation processor
 * in {@code retention-processor} checks the placement at compile time and generates the retention pass that the
 * runtime runs. Retention is {@code CLASS} so that entities compiled into a jar (a {@code @MappedSuperclass}, say)
 * still carry it to the compilation of their subclasses, while nothing is kept at run time.
 */
@Documented
@Retention(CLASS)
@Target({FIELD, METHOD})
public @interface Ttl {

  /** The largest window allowed: 2,147,483,647 seconds (about 68 years). */
  long MAX_EXPIRE_AFTER_SECONDS = Integer.MAX_VALUE;

  /**
   * Seconds after the attribute's value at which the row expires; {@code 0} when the attribute is the expiry instant.
   * From {@code 0} to {@link #MAX_EXPIRE_AFTER_SECONDS}.
   */
  long expireAfterSeconds();

  /**
   * The unit of a numeric attribute that holds epoch time: {@link EpochUnit#SECONDS} or
   * {@link EpochUnit#MILLISECONDS}. Required on a {@code long}, {@code Long}, {@code int} or {@code Integer} attribute,
   * where leaving it out is a compile error, so that a number is never read in a guessed unit; not allowed on a date
   * attribute, which carries its own meaning.
   */
  EpochUnit epoch() default EpochUnit.NONE;

  /**
   * A condition that must also hold for a row to expire: a JPQL conditional expression over the entity's own
   * attributes, which it names {@code e}. Empty (the default) when every row expires by its date alone.
   *
   * <pre>{@code
   * @Ttl(expireAfterSeconds = 604_800, when = "e.status = 'FINISHED'")   // finished jobs, 7 days after finishedAt
   * Instant finishedAt;
   * }</pre>
   *
   * <p>A row the condition excludes is never deleted, whatever its date; a row for which it is not true (SQL's
   * unknown, as with a null compared) is kept. The processor checks that every {@code e.<attribute>} it names exists
   * in the entity's hierarchy and that it binds no parameter; the provider checks the whole expression when the
   * runtime is built. Every statement that selects or deletes rows applies it with the date.
   */
  String when() default "";
}
