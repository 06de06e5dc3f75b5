package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.StatementShape;
import dev.retention.runtime.internal.database.IndexCatalog;
import dev.retention.runtime.internal.database.RowLockWait;
import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.shape.Batch;
import dev.retention.runtime.internal.shape.BatchOutcome;
import dev.retention.runtime.internal.shape.NativeShapes;
import dev.retention.runtime.internal.shape.PortableShape;
import dev.retention.runtime.internal.shape.Shape;
import dev.retention.runtime.internal.shape.ShapeSteps;
import jakarta.persistence.EntityManager;
import java.lang.System.Logger.Level;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.query.NativeQuery;

/**
 * MariaDB, where an index leads with the {@code @Ttl} column: one statement a batch, which walks that index from its
 * oldest entry and deletes the expired rows it meets, at most the batch's size of them:
 *
 * <pre>{@code
 * set statement max_statement_time = <batch-timeout>, innodb_lock_wait_timeout = 1 for
 *   delete from t where ttl <= ? [and ttl >= ?] order by ttl, id limit ?
 * }</pre>
 *
 * <p>No key is selected, bound or listed, so every kind of key (integer, text, UUID, composite) takes it; the predicate
 * is the statement's own, judged by the database on each row as it deletes it, and the limit is the bound, whatever is
 * committed meanwhile. Measured here faster than selecting the keys and deleting by them (docs/PERFORMANCE.md, runs K
 * and M): on Spring Integration's {@code INT_LOCK} with the date indexed it took 0.65 times the native delete by keys.
 * Without such an index the delete would scan the table at every batch and lock every row it scans (held a writer 0.3
 * to 0.7 s in run K), so the shape reads the table's indexes from the catalog at start ({@link IndexCatalog}), and
 * declines a table where no index leads with the column, saying so in the start line.
 *
 * <p>A plain delete cannot skip a row another transaction holds: it waits for it, at most a second (the least
 * {@code innodb_lock_wait_timeout} that waits at all, set for this statement alone; not at all where
 * {@code batch-timeout} is below two seconds), well within {@code batch-timeout}. The statement states its
 * {@code batch-timeout} itself, as {@code max_statement_time} beside the lock wait: MariaDB's driver bounds a statement
 * by prefixing its own {@code set statement max_statement_time … for}, and MariaDB does not apply an outer
 * {@code set statement} to an inner one (a sweep behind a table lock waited past its bound so, in
 * {@code LockedTableTest}). A batch that meets a longer hold rolls back, and the rest of that sweep runs on the shape
 * the pass would have had otherwise, which skips held rows; the next sweep tries the ordered delete again.
 *
 * <p>Taken by allow-list, as every native statement ({@link NativeTable}): bulk statements, no condition, no scope (a
 * scoped pass's batch sees each row's scope before it deletes), a plain single-table root, a {@code @Ttl} column whose
 * stored value is what the bound cutoff is. The statement names the entity as synchronized, so Hibernate evicts it from
 * the second-level cache.
 */
final class OrderedDelete implements NativeShapes {

  private static final System.Logger LOGGER = System.getLogger(OrderedDelete.class.getName());

  /**
   * The longest the delete waits on a row another transaction holds: InnoDB counts the wait in whole seconds, and 0
   * would fail the batch on a writer's briefest hold. A batch whose {@code batch-timeout} is below twice this waits not
   * at all ({@link #lockWaitWithin}): the statement's own timeout would end the wait first, and fail the batch.
   */
  static final Duration LOCK_WAIT = Duration.ofSeconds(1);

  private final SessionFactoryImplementor factory;
  private final BatchSession session;
  private final RowLockWait lockWait;
  private final IndexCatalog indexes;
  private final List<NativeShapes> others;

  /**
   * @param session what each batch's transaction is told first
   * @param indexes where the table's indexes are read
   * @param others the shapes the pass would have otherwise, fastest first: the first that takes it (or the portable
   *     JPQL) runs the rest of a sweep whose batch met a lock
   */
  OrderedDelete(SessionFactoryImplementor factory, BatchSession session, RowLockWait lockWait, IndexCatalog indexes,
      List<NativeShapes> others) {
    this.factory = factory;
    this.session = session;
    this.lockWait = lockWait;
    this.indexes = indexes;
    this.others = List.copyOf(others);
  }

  @Override
  public String name() {
    return StatementShape.ORDERED_DELETE.description();
  }

  @Override
  public Judgement judge(PassModel pass) {
    return NativeTable.unscoped(factory, pass, "a scoped pass's batches see each row's scope before they delete",
        table -> judge(pass, table));
  }

  /** The rest of the judgement, for a pass whose table the allow-list admits: an index leading with its date. */
  private Judgement judge(PassModel pass, NativeTable table) {
    String tableName = table.root().getIdentifierTableName();
    Optional<String> noIndex = IndexedColumns.whyNoIndexServes(factory, indexes, tableName,
        List.of(List.of(table.ttlColumn())));
    if (noIndex.isPresent()) {
      return Judgement.declines(noIndex.get() + " (its @Ttl column), without which each batch would scan the table"
          + " and lock every row it reads");
    }
    Fallback fallback = Fallback.among(others, pass);
    // Oldest first, then by key: InnoDB's secondary index holds the key after its columns, so it serves this order.
    String ttl = table.ttlColumn();
    String order = ttl + ", " + String.join(", ", table.root().getIdentifierColumnNames());
    return Judgement.takes(new Statement(tableName, ttl, order, fallback));
  }

  /**
   * The statement's bounds: the batch's own timeout, which the entity manager carries as JPA's query timeout (every
   * batch's does), and the lock wait.
   */
  private static String bounds(EntityManager em) {
    Optional<Duration> timeout = ShapeSteps.statementTimeout(em);
    String statementTime = timeout
        .map(bound -> "max_statement_time = " + BigDecimal.valueOf(bound.toMillis(), 3).toPlainString() + ", ")
        .orElse("");
    return "set statement " + statementTime + "innodb_lock_wait_timeout = " + lockWaitWithin(timeout).toSeconds()
        + " for ";
  }

  /**
   * The wait on a held row a statement bounded by {@code timeout} may take: {@link #LOCK_WAIT}, or none where the
   * timeout is below twice that (then a held row sends the sweep to the other shape at once).
   */
  static Duration lockWaitWithin(Optional<Duration> timeout) {
    return timeout.filter(bound -> bound.compareTo(LOCK_WAIT.multipliedBy(2)) < 0).isPresent() ? Duration.ZERO
        : LOCK_WAIT;
  }

  /** The statement of one pass, and the shape a sweep whose batch met a lock goes on with. */
  private final class Statement implements Shape {

    private final String table;
    private final String ttl;
    /** The order the delete walks: the date, then the key. */
    private final String order;
    /** The shape the rest of a sweep that met a held row runs on: the fallback's, or the portable JPQL. */
    private final Shape other;
    /** The shapes after this one: which takes the pass, and why faster ones declined, for the start line. */
    private final Fallback fallback;
    /**
     * The predicate of the sweep in which a batch met a row held longer than {@link #LOCK_WAIT}: the rest of that sweep
     * runs on {@link #other}, which skips such rows; the next sweep, with a predicate of its own, tries again.
     */
    private volatile ExpiredRows metLocksIn;

    Statement(String table, String ttl, String order, Fallback fallback) {
      this.table = table;
      this.ttl = ttl;
      this.order = order;
      this.other = fallback.shape().orElse(PortableShape.INSTANCE);
      this.fallback = fallback;
    }

    @Override
    public StatementShape kind() {
      return StatementShape.ORDERED_DELETE;
    }

    @Override
    public String name() {
      return kind().description() + " (" + other.name() + " for the rest of a sweep that meets a held row"
          + fallback.declinedAfterSemicolon() + ")";
    }

    @Override
    public BatchOutcome deleteBatch(EntityManager em, Batch batch) {
      ExpiredRows rows = batch.rows();
      if (rows == metLocksIn) {
        return other.deleteBatch(em, batch);
      }
      session.prepare(em, rows);
      List<Object> binds = new ArrayList<>();
      String expired = NativePredicate.positional(rows, ttl, Optional.empty(), binds);
      binds.add(batch.size());
      NativeQuery<?> statement = em.createNativeQuery(bounds(em) + "delete from " + table + " where " + expired
              + " order by " + order + " limit ?" + binds.size())
          .unwrap(NativeQuery.class)
          .addSynchronizedEntityClass(rows.pass().entityType());
      for (int i = 0; i < binds.size(); i++) {
        statement.setParameter(i + 1, binds.get(i));
      }
      try {
        return BatchOutcome.deleted(statement.executeUpdate());
      } catch (RuntimeException e) {
        if (!lockWait.timedOutIn(e)) {
          throw e;
        }
        metLocksIn = rows;
        LOGGER.log(Level.DEBUG, () -> "Pass " + rows.pass().name() + ": the ordered delete waited "
            + "at most " + LOCK_WAIT.toSeconds() + " s on a row another transaction holds; this sweep goes on with "
            + other.name());
        // The statement's wait spoilt nothing it deleted, but the batch starts again on the other shape: it rolls back.
        throw batch.rollBack(new BatchOutcome.SteppedAside(rows.pass().name() + ": ordered delete met a lock"), e);
      }
    }
  }
}
