package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.pass.ScopeComparison;
import dev.retention.runtime.internal.shape.NativeShapes.Judgement;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.persister.entity.SingleTableEntityPersister;

/**
 * The allow-list a native bulk statement over one table opens with, judged here for the {@code ctid} delete and
 * MariaDB's ordered delete and delete by keys alike: a pass of bulk statements without a condition (removal and
 * conditions are JPQL's, which native SQL cannot carry), over the root of a plain single-table hierarchy with a key of
 * any number of columns ({@link PlainHierarchy#plainRootWithAnyKey}), whose {@code @Ttl} column, and {@code @TtlScope}
 * column where the pass has one, are on the {@link NativeColumns} allow-list; for a statement that deletes without
 * showing the batch's guard its rows' scopes (the {@code ctid} delete), a scope column the database compares exactly,
 * too, and for one that names no scope (MariaDB's ordered delete), no scope at all. What else a shape needs (its key
 * columns, a plain table in the catalog), it judges itself, from what this found.
 *
 * @param root the persister of the entity, the root of its hierarchy and of its one table
 * @param ttlColumn the {@code @Ttl} column
 * @param scopeColumn the {@code @TtlScope} column; empty for a pass without a scope
 */
record NativeTable(SingleTableEntityPersister root, String ttlColumn, Optional<String> scopeColumn) {

  /**
   * The judgement of {@code pass} for a statement that shows the batch's guard the scopes it selected before it
   * deletes: declined (saying why, where the user should hear it) unless the allow-list admits its table, and then
   * what {@code then} says of it.
   */
  static Judgement comparingScope(SessionFactoryImplementor factory, PassModel pass,
      Function<NativeTable, Judgement> then) {
    return judge(factory, pass, false, then);
  }

  /**
   * As {@link #comparingScope}, for a statement that deletes without showing the guard its rows' scopes: a scoped
   * pass only where the database compares its scope column exactly ({@link ScopeComparison}), which leaves the guard
   * nothing to see; otherwise declined, saying why.
   */
  static Judgement exactScopesOnly(SessionFactoryImplementor factory, PassModel pass,
      Function<NativeTable, Judgement> then) {
    return judge(factory, pass, true, then);
  }

  /**
   * As {@link #comparingScope}, for a statement that names no scope at all (MariaDB's ordered delete): a scoped pass of
   * bulk statements without a condition is declined with {@code scopedPass}, before its mapping is read.
   */
  static Judgement unscoped(SessionFactoryImplementor factory, PassModel pass, String scopedPass,
      Function<NativeTable, Judgement> then) {
    if (pass.strategy() == DeleteStrategy.BULK_STATEMENTS && pass.condition().isEmpty()
        && pass.scopeAttribute().isPresent()) {
      return Judgement.declines(scopedPass);
    }
    return comparingScope(factory, pass, then);
  }

  private static Judgement judge(SessionFactoryImplementor factory, PassModel pass, boolean exactScopesOnly,
      Function<NativeTable, Judgement> then) {
    if (pass.strategy() != DeleteStrategy.BULK_STATEMENTS) {
      return Judgement.declines("its rows are removed one by one (callbacks or cascades), which a native statement"
          + " would skip");
    }
    if (pass.condition().isPresent()) {
      return Judgement.declines("it has a condition, which is JPQL and a native statement cannot state");
    }
    if (!(factory.getMappingMetamodel().getEntityDescriptor(pass.entityType())
        instanceof SingleTableEntityPersister single)) {
      return Judgement.declines(PlainHierarchy.whyNotPlainRoot(factory, pass.entityType())
          .orElse("its entity is not mapped to a single table"));
    }
    Columns columns = Columns.of(factory, single, pass);
    if (columns.refusal().isPresent()) {
      return Judgement.declines(columns.refusal().get());
    }
    Optional<String> scopeColumn = columns.scope().map(NativeColumns.Column::name);
    Optional<String> restricted = whyNotStated(factory, pass, columns.ttl().name(), scopeColumn);
    if (restricted.isPresent()) {
      return Judgement.declines(restricted.get());
    }
    ScopeComparison scopes = pass.scopeComparison();
    if (exactScopesOnly && pass.scopeAttribute().isPresent() && !scopes.exact()) {
      return Judgement.declines(scopes.why() + ", so a batch must see each row's scope before it deletes");
    }
    return then.apply(new NativeTable(single, columns.ttl().name(), scopeColumn));
  }

  /**
   * Why a native statement over the pass's one table, stating the date (and its floor) and {@code scopeColumn}, would
   * not keep the rows Hibernate's statements keep; empty when it would. First, what Hibernate itself restricts the rows
   * by, as it writes the pass's selection ({@link HibernateRestrictions}): anything beyond the date and the scope (a
   * filter, a discriminator, a restriction, a tenant column, whatever a later Hibernate adds). Then the facts known to
   * matter ({@link PlainHierarchy}), a second line behind the first, whose reason goes before the first's where both
   * speak: it says which mapping made the restriction.
   */
  static Optional<String> whyNotStated(SessionFactoryImplementor factory, PassModel pass, String ttlColumn,
      Optional<String> scopeColumn) {
    Optional<String> beyond = HibernateRestrictions.beyond(factory, pass, ttlColumn, scopeColumn, Set.of());
    Optional<String> notPlain = PlainHierarchy.whyNotPlainRoot(factory, pass.entityType());
    if (beyond.isPresent()) {
      // The fact, where one is known, names the mapping; what Hibernate restricts by names the rows.
      return Optional.of(notPlain.map(fact -> fact + "; ").orElse("") + beyond.get());
    }
    return notPlain;
  }

  /**
   * The {@code @Ttl} column of a pass's table and its {@code @TtlScope} column where it has one, each as the
   * {@link NativeColumns} allow-list judges it: the column checks every native statement over one table makes.
   */
  record Columns(NativeColumns.Column ttl, Optional<NativeColumns.Column> scope) {

    static Columns of(SessionFactoryImplementor factory, SingleTableEntityPersister table, PassModel pass) {
      return new Columns(NativeColumns.of(factory, table, pass.ttlAttribute(), "@Ttl attribute",
          NativeColumns.TTL_TYPES), pass.scopeAttribute().map(attribute -> NativeColumns.of(factory, table,
              attribute, "@TtlScope attribute", NativeColumns.SCOPE_TYPES)));
    }

    /** Why a column is off the allow-list, the {@code @Ttl} column's first; empty when both are on it. */
    Optional<String> refusal() {
      if (ttl.refused().isPresent()) {
        return Optional.of(ttl.refusal());
      }
      return scope.filter(column -> column.refused().isPresent()).map(NativeColumns.Column::refusal);
    }
  }
}
