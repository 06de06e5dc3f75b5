package dev.retention.runtime.internal.pass;

import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.Scope;
import dev.retention.runtime.generated.Cutoff;
import dev.retention.runtime.generated.GeneratedPass;
import dev.retention.runtime.generated.PassDescriptor;
import jakarta.persistence.metamodel.EntityType;
import jakarta.persistence.metamodel.Metamodel;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * One pass as the runtime deletes by it: the generated pass's description, with the names the provider's metamodel
 * gives its entity and id, the keys a batch names its rows by, and how the database compares its scope column. Every
 * statement of every shape is built from it.
 */
public final class PassModel {

  /** Until the database's catalog says otherwise, its comparison of a scope is not known to be exact. */
  private static final ScopeComparison NOT_READ =
      ScopeComparison.merging("how the database compares the scope column was not read", false);

  private final GeneratedPass pass;
  private final PassDescriptor descriptor;
  private final String entityName;
  private final String idAttribute;
  private final Keys keys;
  private final ConditionReads conditionReads;
  private final ScopeComparison scopeComparison;

  private PassModel(GeneratedPass pass, String entityName, String idAttribute, Keys keys,
      ConditionReads conditionReads, ScopeComparison scopeComparison) {
    this.pass = pass;
    this.descriptor = pass.descriptor();
    this.entityName = entityName;
    this.idAttribute = idAttribute;
    this.keys = keys;
    this.conditionReads = conditionReads;
    this.scopeComparison = scopeComparison;
  }

  /** The model of {@code pass}, named as the provider's metamodel names its entity and id. */
  public static PassModel of(GeneratedPass pass, Metamodel metamodel) {
    EntityType<?> entity = metamodel.entity(pass.entityType());
    String id = Keys.singleId(entity) ? Keys.idAttribute(entity).getName() : pass.descriptor().idAttribute();
    ConditionReads reads = pass.descriptor().condition()
        .map(condition -> ConditionReads.of(condition, entity, metamodel)).orElse(ConditionReads.NONE);
    return new PassModel(pass, entity.getName(), id, Keys.of(metamodel, entity), reads, NOT_READ);
  }

  /** This pass, its scope column compared by the database as {@code comparison} says. */
  public PassModel comparingScope(ScopeComparison comparison) {
    return new PassModel(pass, entityName, idAttribute, keys, conditionReads, comparison);
  }

  public GeneratedPass pass() {
    return pass;
  }

  public String name() {
    return pass.name();
  }

  public Class<?> entityType() {
    return descriptor.entityType();
  }

  /** The entity's name in JPQL. */
  public String entityName() {
    return entityName;
  }

  /** The id attribute that orders rows of one date: the id, or the first attribute of an {@code @IdClass}. */
  public String idAttribute() {
    return idAttribute;
  }

  public String ttlAttribute() {
    return descriptor.ttlAttribute();
  }

  public Optional<String> condition() {
    return descriptor.condition();
  }

  public Optional<String> scopeAttribute() {
    return descriptor.scopeAttribute();
  }

  /**
   * How the database compares the {@code @TtlScope} column with the values bound for it, as its catalog said at
   * {@code build()}: not known to be exact unless it said so.
   */
  public ScopeComparison scopeComparison() {
    return scopeComparison;
  }

  public DeleteStrategy strategy() {
    return descriptor.strategy();
  }

  public Keys keys() {
    return keys;
  }

  /** What the condition reads beyond the entity's own row. */
  public ConditionReads conditionReads() {
    return conditionReads;
  }

  /** The unit of an attribute that holds epoch time; empty for a date attribute. */
  public Optional<ChronoUnit> epochUnit() {
    return descriptor.epochUnit();
  }

  /** The rows expired at {@code cutoff} within {@code scope}, epoch values judged: see the next method. */
  public ExpiredRows expiredAt(Cutoff cutoff, Scope scope) {
    return expiredAt(cutoff, scope, true);
  }

  /**
   * The rows expired at {@code cutoff} within {@code scope}: the predicate every statement applies.
   *
   * @param judgeEpochValues whether epoch milliseconds before {@link #EARLIEST_MILLISECONDS} are kept as implausible
   *     ({@code epoch-check}); the floor is then in the predicate, else it is the type's least value
   */
  public ExpiredRows expiredAt(Cutoff cutoff, Scope scope, boolean judgeEpochValues) {
    return expiredAt(cutoff, ScopeGroup.of(scope), judgeEpochValues);
  }

  /** The rows expired at {@code cutoff} within the scopes of {@code scopes}, which share that cutoff's window. */
  public ExpiredRows expiredAt(Cutoff cutoff, ScopeGroup scopes, boolean judgeEpochValues) {
    if (!scopes.isAll() && scopeAttribute().isEmpty()) {
      throw new IllegalArgumentException("Pass " + name() + " has no @TtlScope attribute, so it has no " + scopes);
    }
    Object cutoffValue = pass.cutoffValue(cutoff);
    return new ExpiredRows(this, cutoff, cutoffValue, scopes, hasFloor() ? floorOf(cutoffValue, judgeEpochValues)
        : null);
  }

  /**
   * Epoch milliseconds before this are implausible: epoch seconds declared as milliseconds land there (every epoch
   * second up to the year 4970 reads as milliseconds before it), and an application that stamps rows in milliseconds
   * has no reason to stamp one in 1970-1972.
   */
  public static final Instant EARLIEST_MILLISECONDS = Instant.parse("1973-01-01T00:00:00Z");

  /** Whether the predicate has a floor, {@code ttl >= :plausibleFrom}: for a pass over epoch milliseconds. */
  public boolean hasFloor() {
    return epochUnit().filter(ChronoUnit.MILLIS::equals).isPresent();
  }

  /** The floor as a value of the cutoff's type: an {@code Integer} for an int attribute, else a {@code Long}. */
  private static Object floorOf(Object cutoffValue, boolean judged) {
    long floor = judged ? EARLIEST_MILLISECONDS.toEpochMilli() : Long.MIN_VALUE;
    if (cutoffValue instanceof Integer) {
      return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, floor));
    }
    return floor;
  }

  /**
   * The instant a non-null attribute value stands for: an epoch number in the pass's unit, clamped to the instants
   * Java can hold (a column may hold any long); a date read as {@link Cutoff#instantOf} reads it.
   */
  public Instant instantOf(Object value, Cutoff cutoff) {
    Optional<ChronoUnit> unit = epochUnit();
    if (unit.isEmpty()) {
      return cutoff.instantOf(value);
    }
    long number = ((Number) value).longValue();
    if (unit.get() == ChronoUnit.MILLIS) {
      return Instant.ofEpochMilli(number); // every long of milliseconds is within Instant's range
    }
    if (number < Instant.MIN.getEpochSecond()) {
      return Instant.MIN;
    }
    return number > Instant.MAX.getEpochSecond() ? Instant.MAX : Instant.ofEpochSecond(number);
  }

  @Override
  public String toString() {
    return "PassModel[" + name() + "]";
  }
}
