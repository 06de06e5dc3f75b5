package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.shape.Batch;
import dev.retention.runtime.internal.shape.NativeShapes;
import dev.retention.runtime.internal.shape.Shape;
import jakarta.persistence.EntityManager;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.persister.entity.SingleTableEntityPersister;
import org.hibernate.query.NativeQuery;

/**
 * Purges the expired rows of an entity under Hibernate's {@code @SoftDelete}: there a JPQL delete only marks rows, and
 * every JPQL read skips the marked ones, so retention would never shrink the table while reporting rows deleted. These
 * statements are native and see every row, marked or not; the {@code @Ttl} attribute alone says which are expired
 * (with {@code @SoftDelete(strategy = TIMESTAMP)} and the marker column mapped read-only as the {@code @Ttl} attribute,
 * "purge N days after deletion"):
 *
 * <pre>{@code
 * select id from t where ttl <= :cutoff [and ttl >= :plausibleFrom] order by ttl, id limit :size
 *     for update [skip locked]
 * delete from t where id in (:ids) and ttl <= :cutoff [and ttl >= :plausibleFrom]
 * }</pre>
 *
 * <p>The rows it selects are locked (skipping those others hold, where the database can) and the delete applies the
 * predicate again. Taken for every such pass it can state natively: bulk statements (a removal pass's
 * {@code EntityManager.remove} would only mark its rows too), no condition (JPQL, which Hibernate would restrict to
 * unmarked rows) and no scope, the root of a plain single-table hierarchy with one id column, and a {@code @Ttl} column
 * on the {@link NativeColumns} allow-list. Any other pass over a soft-deleted entity is refused at {@code build()}
 * ({@link #refusal}), since no other shape purges it.
 */
final class SoftDeletePurge implements NativeShapes {

  private final SessionFactoryImplementor factory;
  /** Whether the database skips rows others hold, which the purge's selection then does. */
  private final boolean skipsLockedRows;

  SoftDeletePurge(SessionFactoryImplementor factory, boolean skipsLockedRows) {
    this.factory = factory;
    this.skipsLockedRows = skipsLockedRows;
  }

  @Override
  public String name() {
    return StatementShape.SOFT_DELETE_PURGE.description();
  }

  @Override
  public Judgement judge(PassModel pass) {
    if (!PlainHierarchy.softDeleted(factory, pass.entityType())) {
      return Judgement.quietlyDeclines();
    }
    Optional<String> refused = refusal(pass);
    if (refused.isPresent()) {
      return Judgement.declines(refused.get());
    }
    SingleTableEntityPersister root = PlainHierarchy.softDeletedRoot(factory, pass.entityType()).orElseThrow();
    NativeColumns.Column ttl = NativeColumns.of(factory, root, pass.ttlAttribute(), "@Ttl attribute",
        NativeColumns.TTL_TYPES);
    String table = root.getTableName();
    String id = root.getIdentifierColumnNames()[0];
    String expired = " from " + table + " where " + NativePredicate.named(pass, ttl.name());
    String lock = skipsLockedRows ? " for update skip locked" : " for update";
    Class<?> ttlType = factory.getJpaMetamodel().entity(pass.entityType()).getAttribute(pass.ttlAttribute())
        .getJavaType();
    return Judgement.takes(new Statements(
        "select " + id + expired + " order by " + ttl.name() + ", " + id + " limit :size" + lock,
        "delete" + expired + " and " + id + " in (:ids)",
        "select count(*)" + expired,
        "select min(" + ttl.name() + ") as oldest" + expired, ttlType));
  }

  /**
   * Why a pass over a soft-deleted entity cannot be purged by these statements, naming what to change; empty when it
   * can, or when its entity is not soft-deleted.
   */
  Optional<String> refusal(PassModel pass) {
    if (!PlainHierarchy.softDeleted(factory, pass.entityType())) {
      return Optional.empty();
    }
    if (pass.strategy() != DeleteStrategy.BULK_STATEMENTS) {
      return Optional.of("its entity is Hibernate's @SoftDelete and is removed entity by entity (callbacks or"
          + " cascades), which would only mark its rows");
    }
    if (pass.condition().isPresent()) {
      return Optional.of("its entity is Hibernate's @SoftDelete and the pass has a condition, which Hibernate would"
          + " apply to unmarked rows only; purge without a condition");
    }
    if (pass.scopeAttribute().isPresent()) {
      return Optional.of("its entity is Hibernate's @SoftDelete and the pass is scoped, which the purge does not"
          + " state natively");
    }
    Optional<SingleTableEntityPersister> root = PlainHierarchy.softDeletedRoot(factory, pass.entityType());
    if (root.isEmpty()) {
      return Optional.of("its entity is Hibernate's @SoftDelete but not the root of a plain single-table hierarchy"
          + " with one id column, which the purge's native statements need");
    }
    NativeColumns.Column ttl = NativeColumns.of(factory, root.get(), pass.ttlAttribute(), "@Ttl attribute",
        NativeColumns.TTL_TYPES);
    if (ttl.refused().isPresent()) {
      return Optional.of("its entity is Hibernate's @SoftDelete, whose rows only native statements purge, but "
          + ttl.refusal());
    }
    // What Hibernate restricts the rows by beyond the date and its own marker, which the purge means to skip.
    return HibernateRestrictions.beyond(factory, pass, ttl.name(), Optional.empty(),
        Set.of(root.get().getSoftDeleteMapping().getColumnName()))
        .map(why -> "its entity is Hibernate's @SoftDelete, whose rows only native statements purge, but " + why);
  }

  /** The statements of one pass. */
  private record Statements(String select, String delete, String count, String oldest, Class<?> ttlType)
      implements Shape.DeletesRows {

    @Override
    public StatementShape kind() {
      return StatementShape.SOFT_DELETE_PURGE;
    }

    @Override
    public int deleteRows(EntityManager em, Batch batch) {
      ExpiredRows rows = batch.rows();
      List<?> ids = bind(em, select, rows).setParameter("size", batch.size()).getResultList();
      if (ids.isEmpty()) {
        return 0;
      }
      return bind(em, delete, rows).setParameter("ids", ids).executeUpdate();
    }

    @Override
    public long countExpired(EntityManager em, ExpiredRows rows) {
      return ((Number) bind(em, count, rows).getSingleResult()).longValue();
    }

    @Override
    public Optional<Object> oldestExpired(EntityManager em, ExpiredRows rows) {
      // Read as the attribute's type, as the JPQL of other shapes reads it, for the lag.
      return Optional.ofNullable(bind(em, oldest, rows).addScalar("oldest", ttlType).getSingleResult());
    }

    private static NativeQuery<?> bind(EntityManager em, String sql, ExpiredRows rows) {
      return NativePredicate.bindNamed(em.createNativeQuery(sql).unwrap(NativeQuery.class)
          .addSynchronizedEntityClass(rows.pass().entityType()), rows);
    }
  }
}
