package dev.retention.runtime.pass;

import dev.retention.runtime.Cutoff;
import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.Scope;
import dev.retention.runtime.internal.statement.PassStatements;
import dev.retention.runtime.internal.statement.RowKeys;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.TypedQuery;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A pass that removes each entity through the {@code EntityManager}, so that removal callbacks, entity listeners,
 * cascades and orphan removal all run. Each batch selects the ids of the oldest expired rows, at most
 * {@code batchSize}, then loads those still expired with a pessimistic lock (so that none is changed or removed by
 * another transaction before it goes), removes them, then flushes and clears, so that memory stays flat however large
 * the backlog:
 *
 * <pre>{@code
 * select e.id from Entity e where e.ttl <= :cutoff order by e.ttl, e.id                 -- at most batchSize rows
 * select e from Entity e where e.id in :ids and e.ttl <= :cutoff order by e.ttl, e.id   -- locked
 * }</pre>
 *
 * <p>The lock is taken by a query without a row limit: a locking query with one is not portable (EclipseLink writes
 * {@code FOR UPDATE LIMIT ? OFFSET ?} for H2, which H2 refuses), and H2 locks every row such a query reads before it
 * applies the limit. An {@code @IdClass} or {@code @EmbeddedId} key is selected attribute by attribute and matched
 * with one equality conjunction per row.
 *
 * @param <E> the entity
 * @param <T> the type of its {@code @Ttl} attribute
 */
public abstract class EntityRemovalPass<E, T> extends JpqlPass<E, T> {

  /**
   * @param entityType the entity
   * @param entityName its name in JPQL
   * @param ttlAttribute the {@code @Ttl} attribute
   * @param expireAfter the annotation's window
   * @param ttlType the attribute's Java type
   * @param idAttribute the id attribute (for an {@code @IdClass} id, the first of them), to order rows of one date
   */
  protected EntityRemovalPass(Class<E> entityType, String entityName, String ttlAttribute, Duration expireAfter,
      Class<T> ttlType, String idAttribute) {
    this(entityType, entityName, ttlAttribute, expireAfter, ttlType, idAttribute, null);
  }

  /**
   * A pass whose rows expire only when {@code condition} also holds; the other parameters as above.
   *
   * @param condition a JPQL conditional expression over the entity, named {@code e}; null for none
   */
  protected EntityRemovalPass(Class<E> entityType, String entityName, String ttlAttribute, Duration expireAfter,
      Class<T> ttlType, String idAttribute, String condition) {
    this(entityType, entityName, ttlAttribute, expireAfter, ttlType, idAttribute, condition, null);
  }

  /**
   * A pass swept scope by scope of {@code scopeAttribute}; the other parameters as above.
   *
   * @param condition a JPQL conditional expression over the entity, named {@code e}; null for none
   * @param scopeAttribute the {@code @TtlScope} attribute; null for none
   */
  protected EntityRemovalPass(Class<E> entityType, String entityName, String ttlAttribute, Duration expireAfter,
      Class<T> ttlType, String idAttribute, String condition, String scopeAttribute) {
    super(entityType, entityName, ttlAttribute, expireAfter, ttlType, idAttribute, condition, scopeAttribute);
  }

  @Override
  public final DeleteStrategy deleteStrategy() {
    return DeleteStrategy.ENTITY_REMOVAL;
  }

  @Override
  public int purgeBatch(EntityManager em, Cutoff cutoff, int batchSize, Scope scope) {
    PassStatements jpql = statements(scope);
    T cutoffValue = cutoffValue(cutoff);
    List<?> selected = selectExpiredKeys(em, jpql, cutoffValue, batchSize);
    RowKeys keys = rowKeys(em);
    List<E> expired = new ArrayList<>();
    for (List<Object> chunk : keys.chunks(selected)) {
      TypedQuery<E> lock = em.createQuery(keys.composite()
          ? jpql.selectExpiredByKeys(keys.paths(), chunk.size())
          : jpql.selectExpiredByIds(), entityType());
      jpql.bind(keys.bind(lock, chunk), cutoffValue).setLockMode(LockModeType.PESSIMISTIC_WRITE);
      expired.addAll(lock.getResultList());
    }
    expired.forEach(em::remove);
    em.flush();
    em.clear();
    return expired.size();
  }
}
