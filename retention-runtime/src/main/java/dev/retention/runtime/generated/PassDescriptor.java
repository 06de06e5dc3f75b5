package dev.retention.runtime.generated;

import dev.retention.runtime.DeleteStrategy;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;

/**
 * What a generated pass says about its entity, in named steps: which entity, its id, the {@code @Ttl} attribute and
 * window, the epoch unit, the condition, the scope attribute, and how rows are deleted and why. It describes; the
 * runtime builds and runs every statement from it.
 *
 * <pre>{@code
 * PassDescriptor.entity(UserSession.class, "UserSession")
 *     .id("id")
 *     .ttl("expiresAt", Duration.ZERO)
 *     .bulkStatements("it has no removal callbacks, entity listeners, cascades or orphan removal")
 * }</pre>
 *
 * <p>For code that {@code retention-processor} generates; not an API for applications, and it may change before 1.0.
 */
public final class PassDescriptor {

  private final Class<?> entityType;
  private final String entityName;
  private String idAttribute;
  private String ttlAttribute;
  private Duration expireAfter;
  private ChronoUnit epochUnit;
  private String condition;
  private String scopeAttribute;
  private DeleteStrategy strategy;
  private String strategyReason;
  /** Set once a pass holds the description: from then on it is read only. */
  private boolean complete;

  private PassDescriptor(Class<?> entityType, String entityName) {
    this.entityType = Objects.requireNonNull(entityType, "entityType");
    this.entityName = Objects.requireNonNull(entityName, "entityName");
  }

  /** Starts the description of the entity {@code entityType}, named {@code entityName} in JPQL. */
  public static PassDescriptor entity(Class<?> entityType, String entityName) {
    return new PassDescriptor(entityType, entityName);
  }

  /** The id attribute, which orders rows of one date; for an {@code @IdClass} id, the first of its attributes. */
  public PassDescriptor id(String idAttribute) {
    checkOpen();
    this.idAttribute = Objects.requireNonNull(idAttribute, "idAttribute");
    return this;
  }

  /** The {@code @Ttl} attribute and the window after it; {@code Duration.ZERO} when it is the expiry instant. */
  public PassDescriptor ttl(String ttlAttribute, Duration expireAfter) {
    checkOpen();
    this.ttlAttribute = Objects.requireNonNull(ttlAttribute, "ttlAttribute");
    this.expireAfter = Objects.requireNonNull(expireAfter, "expireAfter");
    return this;
  }

  /**
   * The attribute holds epoch time in {@code unit}: {@link ChronoUnit#SECONDS} or {@link ChronoUnit#MILLIS}.
   *
   * @throws IllegalArgumentException for any other unit
   */
  public PassDescriptor epoch(ChronoUnit unit) {
    if (unit != ChronoUnit.SECONDS && unit != ChronoUnit.MILLIS) {
      throw new IllegalArgumentException("An epoch attribute counts SECONDS or MILLIS, not " + unit);
    }
    checkOpen();
    this.epochUnit = unit;
    return this;
  }

  /** The condition that must also hold for a row to expire: a JPQL conditional expression over {@code e}. */
  public PassDescriptor when(String condition) {
    checkOpen();
    this.condition = Objects.requireNonNull(condition, "condition");
    return this;
  }

  /** The {@code @TtlScope} attribute, by which rows are swept scope by scope. */
  public PassDescriptor scope(String scopeAttribute) {
    checkOpen();
    this.scopeAttribute = Objects.requireNonNull(scopeAttribute, "scopeAttribute");
    return this;
  }

  /** Rows go by bulk statements, loading no entity, because of {@code reason}. */
  public PassDescriptor bulkStatements(String reason) {
    return strategy(DeleteStrategy.BULK_STATEMENTS, reason);
  }

  /** Rows go by {@code EntityManager.remove}, entity by entity, because of {@code reason}. */
  public PassDescriptor entityRemoval(String reason) {
    return strategy(DeleteStrategy.ENTITY_REMOVAL, reason);
  }

  private PassDescriptor strategy(DeleteStrategy strategy, String reason) {
    checkOpen();
    this.strategy = strategy;
    this.strategyReason = Objects.requireNonNull(reason, "reason");
    return this;
  }

  /**
   * Checks that the description is whole.
   *
   * @throws IllegalStateException naming the entity and what is missing
   */
  PassDescriptor complete() {
    complete = true;
    if (idAttribute == null || ttlAttribute == null || strategy == null) {
      throw new IllegalStateException("The description of " + entityType.getName() + " lacks its "
          + (idAttribute == null ? "id" : ttlAttribute == null ? "@Ttl attribute" : "delete strategy")
          + "; regenerate it with the retention-processor of this runtime's version");
    }
    return this;
  }

  private void checkOpen() {
    if (complete) {
      throw new IllegalStateException("The description of " + entityType.getName() + " is complete; it is read only");
    }
  }

  public Class<?> entityType() {
    return entityType;
  }

  public String entityName() {
    return entityName;
  }

  public String idAttribute() {
    return idAttribute;
  }

  public String ttlAttribute() {
    return ttlAttribute;
  }

  public Duration expireAfter() {
    return expireAfter;
  }

  /** The unit of an attribute that holds epoch time; empty for a date attribute. */
  public Optional<ChronoUnit> epochUnit() {
    return Optional.ofNullable(epochUnit);
  }

  public Optional<String> condition() {
    return Optional.ofNullable(condition);
  }

  public Optional<String> scopeAttribute() {
    return Optional.ofNullable(scopeAttribute);
  }

  public DeleteStrategy strategy() {
    return strategy;
  }

  /** Why the processor chose {@link #strategy()}, in words. */
  public String strategyReason() {
    return strategyReason;
  }
}
