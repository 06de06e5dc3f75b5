package dev.retention.runtime.pass;

import dev.retention.runtime.Cutoff;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.Scope;
import dev.retention.runtime.internal.statement.PassStatements;
import dev.retention.runtime.internal.statement.RowKeys;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What every generated pass shares: its identity, its window, and the portable JPQL that counts and dates its expired
 * rows. Subclasses say how a batch deletes, and {@link #cutoffValue} expresses the cutoff in the attribute's type.
 *
 * @param <E> the entity
 * @param <T> the type of the {@code @Ttl} attribute
 */
public abstract class JpqlPass<E, T> implements RetentionPass<E> {

  private final Class<E> entityType;
  private final Duration expireAfter;
  private final Class<T> ttlType;
  private final PassStatements statements;
  /** Read from the provider's metamodel at the first batch; the same for every factory that manages the entity. */
  private volatile RowKeys rowKeys;

  /**
   * @param entityType the entity
   * @param entityName its name in JPQL
   * @param ttlAttribute the {@code @Ttl} attribute
   * @param expireAfter the annotation's window
   * @param ttlType the attribute's Java type
   * @param idAttribute the id attribute (for an {@code @IdClass} id, the first of them)
   */
  protected JpqlPass(Class<E> entityType, String entityName, String ttlAttribute, Duration expireAfter,
      Class<T> ttlType, String idAttribute) {
    this(entityType, entityName, ttlAttribute, expireAfter, ttlType, idAttribute, null);
  }

  /**
   * A pass whose rows expire only when {@code condition} also holds.
   *
   * @param condition a JPQL conditional expression over the entity, named {@code e}; null for none
   */
  protected JpqlPass(Class<E> entityType, String entityName, String ttlAttribute, Duration expireAfter,
      Class<T> ttlType, String idAttribute, String condition) {
    this(entityType, entityName, ttlAttribute, expireAfter, ttlType, idAttribute, condition, null);
  }

  /**
   * A pass whose rows expire only when {@code condition} also holds, swept scope by scope of {@code scopeAttribute}.
   *
   * @param condition a JPQL conditional expression over the entity, named {@code e}; null for none
   * @param scopeAttribute the {@code @TtlScope} attribute; null for none
   */
  protected JpqlPass(Class<E> entityType, String entityName, String ttlAttribute, Duration expireAfter,
      Class<T> ttlType, String idAttribute, String condition, String scopeAttribute) {
    this.entityType = entityType;
    this.expireAfter = expireAfter;
    this.ttlType = ttlType;
    this.statements = new PassStatements(entityName, ttlAttribute, idAttribute, condition, scopeAttribute,
        Scope.all());
  }

  /** The cutoff as a value of the attribute's type. */
  @Override
  public abstract T cutoffValue(Cutoff cutoff);

  /** The entity's canonical class name. */
  @Override
  public final String name() {
    return entityType.getCanonicalName();
  }

  @Override
  public final Class<E> entityType() {
    return entityType;
  }

  @Override
  public final Duration expireAfter() {
    return expireAfter;
  }

  @Override
  public final String ttlAttribute() {
    return statements.ttlAttribute();
  }

  @Override
  public final Optional<String> condition() {
    return Optional.ofNullable(statements.condition());
  }

  @Override
  public final Optional<String> scopeAttribute() {
    return Optional.ofNullable(statements.scopeAttribute());
  }

  /** The statements this pass runs over the rows of {@code scope}. */
  protected final PassStatements statements(Scope scope) {
    if (!scope.isAll() && statements.scopeAttribute() == null) {
      throw new UnsupportedOperationException("Pass " + name() + " has no @TtlScope attribute, so it has no " + scope);
    }
    return statements.within(scope);
  }

  @Override
  public final int purgeBatch(EntityManager em, Cutoff cutoff, int batchSize) {
    return purgeBatch(em, cutoff, batchSize, Scope.all());
  }

  /** Deletes at most {@code batchSize} expired rows of {@code scope}, oldest first; how depends on the subclass. */
  @Override
  public abstract int purgeBatch(EntityManager em, Cutoff cutoff, int batchSize, Scope scope);

  /** How a batch names the rows it selected (the id, or each attribute of a composite id). */
  final RowKeys rowKeys(EntityManager em) {
    RowKeys keys = rowKeys;
    if (keys == null) {
      keys = RowKeys.of(em.getMetamodel(), entityType);
      rowKeys = keys;
    }
    return keys;
  }

  /** The keys (ids, or composite keys' columns) of the oldest expired rows, at most {@code batchSize}. */
  final List<?> selectExpiredKeys(EntityManager em, PassStatements jpql, Object cutoffValue, int batchSize) {
    RowKeys keys = rowKeys(em);
    return jpql.bind(em.createQuery(keys.composite() ? jpql.selectExpiredKeys(keys.paths()) : jpql.selectExpiredIds()),
            cutoffValue)
        .setMaxResults(batchSize)
        .getResultList();
  }

  @Override
  public final long countExpired(EntityManager em, Cutoff cutoff) {
    return countExpired(em, cutoff, Scope.all());
  }

  @Override
  public long countExpired(EntityManager em, Cutoff cutoff, Scope scope) {
    PassStatements jpql = statements(scope);
    return jpql.bind(em.createQuery(jpql.countExpired(), Long.class), cutoffValue(cutoff)).getSingleResult();
  }

  @Override
  public final Optional<Instant> oldestExpired(EntityManager em, Cutoff cutoff) {
    return oldestExpired(em, cutoff, Scope.all());
  }

  @Override
  public Optional<Instant> oldestExpired(EntityManager em, Cutoff cutoff, Scope scope) {
    PassStatements jpql = statements(scope);
    T oldest = jpql.bind(em.createQuery(jpql.oldestExpired(), ttlType), cutoffValue(cutoff)).getSingleResult();
    return Optional.ofNullable(oldest == null ? null : instantOf(oldest, cutoff));
  }

  @Override
  public Optional<Object> nextScopeValue(EntityManager em, Object after) {
    if (statements.scopeAttribute() == null) {
      throw new UnsupportedOperationException("Pass " + name() + " has no @TtlScope attribute");
    }
    Query next = em.createQuery(statements.nextScope(after != null)).setMaxResults(1);
    if (after != null) {
      next.setParameter("after", after);
    }
    List<?> first = next.getResultList();
    return first.isEmpty() ? Optional.empty() : Optional.of(first.get(0));
  }

  /**
   * The instant a non-null attribute value stands for, zone-less values read in the cutoff's zone. A pass over an
   * attribute that holds epoch time overrides it with the attribute's unit, which the value alone does not tell.
   */
  protected Instant instantOf(T value, Cutoff cutoff) {
    return cutoff.instantOf(value);
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "[" + name() + "]";
  }
}
