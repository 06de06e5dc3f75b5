package dev.retention.runtime.pass;

import dev.retention.runtime.Cutoff;
import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.Scope;
import dev.retention.runtime.internal.statement.PassStatements;
import dev.retention.runtime.internal.statement.RowKeys;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import java.time.Duration;
import java.util.List;

/**
 * A pass that deletes with bulk statements, loading no entity. Each batch selects the ids of the oldest expired rows,
 * at most {@code batchSize}, then deletes those of them still expired, so a row whose date moved past the cutoff in
 * between is kept:
 *
 * <pre>{@code
 * select e.id from Entity e where e.ttl <= :cutoff order by e.ttl, e.id      -- at most batchSize rows
 * delete from Entity e where e.id in :ids and e.ttl <= :cutoff
 * }</pre>
 *
 * <p>The ids go to the delete {@value #IDS_PER_DELETE} at a time, whatever the batch size. H2 checks each row it
 * finds against the whole {@code in} list, so one statement with n ids costs n² comparisons: 10,000 ids took 409 ms of
 * CPU against 59 ms in twenty statements of 500 (H2 2.5, measured in docs/PERFORMANCE.md). On the servers the extra
 * statements cost a round trip each, under a millisecond against the batch's tens.
 *
 * <p>An {@code @EmbeddedId} is selected attribute by attribute and deleted with one equality conjunction per row,
 * {@code where ((e.id.a = ? and e.id.b = ?) or ...) and e.ttl <= :cutoff}, in statements of at most 1,000
 * parameters: a list of embeddables bound to {@code in :ids} is not portable (EclipseLink binds each as one value).
 *
 * <p>The generated pass of an entity without removal callbacks, listeners, cascades or orphan removal extends it.
 *
 * @param <E> the entity
 * @param <I> the type of its id
 * @param <T> the type of its {@code @Ttl} attribute
 */
public abstract class BulkStatementsPass<E, I, T> extends JpqlPass<E, T> {

  /** The most ids one delete statement lists. */
  public static final int IDS_PER_DELETE = 500;

  /**
   * @param entityType the entity
   * @param entityName its name in JPQL
   * @param ttlAttribute the {@code @Ttl} attribute
   * @param expireAfter the annotation's window
   * @param ttlType the attribute's Java type
   * @param idAttribute the id attribute
   * @param idType the id's Java type
   */
  protected BulkStatementsPass(Class<E> entityType, String entityName, String ttlAttribute, Duration expireAfter,
      Class<T> ttlType, String idAttribute, Class<I> idType) {
    this(entityType, entityName, ttlAttribute, expireAfter, ttlType, idAttribute, idType, null);
  }

  /**
   * A pass whose rows expire only when {@code condition} also holds; the other parameters as above.
   *
   * @param condition a JPQL conditional expression over the entity, named {@code e}; null for none
   */
  protected BulkStatementsPass(Class<E> entityType, String entityName, String ttlAttribute, Duration expireAfter,
      Class<T> ttlType, String idAttribute, Class<I> idType, String condition) {
    this(entityType, entityName, ttlAttribute, expireAfter, ttlType, idAttribute, idType, condition, null);
  }

  /**
   * A pass swept scope by scope of {@code scopeAttribute}; the other parameters as above.
   *
   * @param condition a JPQL conditional expression over the entity, named {@code e}; null for none
   * @param scopeAttribute the {@code @TtlScope} attribute; null for none
   */
  protected BulkStatementsPass(Class<E> entityType, String entityName, String ttlAttribute, Duration expireAfter,
      Class<T> ttlType, String idAttribute, Class<I> idType, String condition, String scopeAttribute) {
    super(entityType, entityName, ttlAttribute, expireAfter, ttlType, idAttribute, condition, scopeAttribute);
  }

  @Override
  public final DeleteStrategy deleteStrategy() {
    return DeleteStrategy.BULK_STATEMENTS;
  }

  @Override
  public int purgeBatch(EntityManager em, Cutoff cutoff, int batchSize, Scope scope) {
    PassStatements jpql = statements(scope);
    T cutoffValue = cutoffValue(cutoff);
    List<?> selected = selectExpiredKeys(em, jpql, cutoffValue, batchSize);
    RowKeys keys = rowKeys(em);
    int deleted = 0;
    for (List<Object> chunk : keys.chunks(selected)) {
      Query delete = em.createQuery(keys.composite()
          ? jpql.deleteExpiredByKeys(keys.paths(), chunk.size())
          : jpql.deleteExpiredByIds());
      deleted += jpql.bind(keys.bind(delete, chunk), cutoffValue).executeUpdate();
    }
    return deleted;
  }
}
