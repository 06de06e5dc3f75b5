package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.PassSettings;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.internal.config.Durations;
import dev.retention.runtime.internal.database.IndexCatalog;
import dev.retention.runtime.internal.database.RowLockWait;
import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.shape.Batch;
import dev.retention.runtime.internal.shape.BatchOutcome;
import dev.retention.runtime.internal.shape.Jpql;
import dev.retention.runtime.internal.shape.NativeShapes;
import dev.retention.runtime.internal.shape.Shape;
import jakarta.persistence.EntityManager;
import java.lang.System.Logger.Level;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.hibernate.Session;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.persister.entity.SingleTableEntityPersister;

/**
 * The range statement, for large batches on PostgreSQL and MySQL (MariaDB takes {@link OrderedDelete}): one probe
 * reads the {@code @Ttl} value of the batch's last row through the index, and one delete takes the expired rows before
 * it, the whole predicate applied again (cutoff, condition), so it deletes only rows the portable JPQL deletes, and at
 * most the batch's size of them:
 *
 * <pre>{@code
 * select e.ttl from Entity e where <expired> order by e.ttl            -- the row at the batch's size, no lock
 * delete from Entity e where <expired> and e.ttl < :rangeEnd
 * }</pre>
 *
 * <p>Strictly before the probed value, so ties at it wait for the next batch; a batch whose rows all share one value
 * (the delete finds nothing) runs on the pass's other shape instead. A backlog smaller than the batch goes in one
 * {@code delete … where <expired>}. The probe counts rows as they stood when it ran: expired rows committed between the
 * probe and the delete (a bulk import of back-dated rows) fall in the range too, so the delete's own count is the
 * bound. A delete that took more rows than the batch's size rolls back, and that sweep's batches go on with the other
 * shape, which selects its rows with a limit: no committed batch exceeds its size. Measured here faster than the ctid
 * and SKIP LOCKED shapes only at large batches (see PERFORMANCE.md), so a batch below {@link #RANGE_FROM} rows runs on
 * the other shape too, and a pass whose batches are fixed below it is not judged at all.
 *
 * <p>A plain delete cannot skip a row another transaction holds: it waits, within a lock timeout set for its
 * transaction alone (the database's {@link RowLockWait}: PostgreSQL {@code SET LOCAL lock_timeout}, MySQL
 * {@code innodb_lock_wait_timeout}, set back after the batch), well within {@code batch-timeout}. A batch that meets
 * the timeout rolls back, and the pass goes on with its other shape for the rest of the runtime's life, which skips
 * held rows; the log says so once.
 *
 * <p>Taken by allow-list: a pass of bulk statements, with a scope only where the database compares its column exactly
 * (the delete takes the batch's rows without showing the batch's guard their scopes; see
 * {@link NativeTable#exactScopesOnly}), whose predicate, scopes included, the probe and the delete both apply; a plain
 * single-table entity with an id of one column or several (as for the ctid statement), whose {@code @Ttl} column is
 * on the {@link NativeColumns} allow-list, so that the probed value bound again stands for exactly what is stored;
 * and only when the pass's other shape takes it too. With several instances the pass's sweep lock keeps a second
 * sweeper away; on a database without one, the lock timeout does.
 */
final class RangeShapes implements NativeShapes {

  private static final System.Logger LOGGER = System.getLogger(RangeShapes.class.getName());

  /** The smallest batch the range statement runs; smaller ones go by the other shape, faster there. */
  static final int RANGE_FROM = 2_000;

  /**
   * The longest a range delete waits on a row lock: well within {@code batch-timeout}, which is at least a second. On
   * MySQL, whose lock wait is in whole seconds, it is 0: a held row fails the statement at once.
   */
  static final Duration LOCK_WAIT = Duration.ofMillis(200);

  private final SessionFactoryImplementor factory;
  /** How the database bounds the delete's wait on row locks, and reports a wait that timed out. */
  private final RowLockWait lockWait;
  private final BatchSession session;
  /** Where the table's indexes are read; empty where they are not (MySQL), and no index is asked for. */
  private final Optional<IndexCatalog> indexes;
  private final List<NativeShapes> others;

  /**
   * @param session what each batch's transaction is told first
   * @param indexes where the table's indexes are read, to ask for one its probe walks; empty: none is asked for
   * @param others the shapes the pass would have otherwise, fastest first: the first that takes it runs small batches,
   *     ties, and every batch after a lock timeout
   */
  RangeShapes(SessionFactoryImplementor factory, RowLockWait lockWait, BatchSession session,
      Optional<IndexCatalog> indexes, List<NativeShapes> others) {
    this.factory = factory;
    this.lockWait = lockWait;
    this.session = session;
    this.indexes = indexes;
    this.others = List.copyOf(others);
  }

  @Override
  public String name() {
    return StatementShape.RANGE_STATEMENT.description();
  }

  /** Only for a pass whose batches can reach {@link #RANGE_FROM} rows: sized, or fixed at least that large. */
  @Override
  public boolean suits(PassSettings settings) {
    return !settings.batchSizeFixed() || settings.batchSize() >= RANGE_FROM;
  }

  @Override
  public Judgement judge(PassModel pass) {
    if (pass.strategy() != DeleteStrategy.BULK_STATEMENTS) {
      return Judgement.quietlyDeclines(); // removal is entity by entity
    }
    if (pass.scopeAttribute().isPresent() && !pass.scopeComparison().exact()) {
      // A batch must see its rows' scopes before it deletes; the shapes judged after this one say so where it matters.
      return Judgement.quietlyDeclines();
    }
    Optional<SingleTableEntityPersister> root = PlainHierarchy.plainRootWithAnyKey(factory, pass.entityType());
    if (root.isEmpty()) {
      return Judgement.quietlyDeclines();
    }
    NativeColumns.Column ttl = NativeColumns.of(factory, root.get(), pass.ttlAttribute(), "@Ttl attribute",
        NativeColumns.TTL_TYPES);
    if (ttl.refused().isPresent()) {
      return Judgement.quietlyDeclines(); // the other shapes say why, where it matters
    }
    if (indexes.isPresent()) {
      // Its probe walks the date's order: an index on it, or on the scope and then it for a scoped pass's batches.
      List<List<String>> orders = pass.scopeAttribute().isEmpty() ? List.of(List.of(ttl.name()))
          : List.of(List.of(ttl.name()), List.of(scopeColumn(root.get(), pass), ttl.name()));
      Optional<String> noIndex = IndexedColumns.whyNoIndexServes(factory, indexes.get(),
          root.get().getIdentifierTableName(), orders);
      if (noIndex.isPresent()) {
        return Judgement.declines(noIndex.get() + ", without which its probe and its delete would each scan the"
            + " table");
      }
    }
    Fallback fallback = Fallback.among(others, pass);
    return fallback.shape().<Judgement>map(other -> Judgement.takes(new Statements(other, fallback)))
        .orElseGet(Judgement::quietlyDeclines);
  }

  /** The scope column of a scoped pass the range statement takes: its scope compares exactly, so it is a plain one. */
  private String scopeColumn(SingleTableEntityPersister root, PassModel pass) {
    return NativeColumns.of(factory, root, pass.scopeAttribute().orElseThrow(), "@TtlScope attribute",
        NativeColumns.SCOPE_TYPES).name();
  }

  /** The statements of one pass, and the shape it gives way to. */
  private final class Statements implements Shape {

    private final Shape other;
    /** The shapes after this one: which takes the pass, and why faster ones declined, for the start line. */
    private final Fallback fallback;
    /** Set once a batch met a lock: from then on every batch runs on {@link #other}. */
    private volatile boolean metLocks;
    /**
     * The predicate of the sweep in which a delete took more rows than its batch's size (rows arrived between the probe
     * and the delete): the rest of that sweep runs on {@link #other}; the next sweep tries the range again.
     */
    private volatile ExpiredRows overflowedIn;

    Statements(Shape other, Fallback fallback) {
      this.other = other;
      this.fallback = fallback;
    }

    @Override
    public StatementShape kind() {
      return StatementShape.RANGE_STATEMENT;
    }

    @Override
    public String name() {
      return kind().description() + " for batches of " + String.format("%,d", RANGE_FROM) + " rows or more ("
          + other.name() + " below, for ties, and after a lock timeout" + fallback.declinedAfterSemicolon() + ")";
    }

    @Override
    public BatchOutcome deleteBatch(EntityManager em, Batch batch) {
      ExpiredRows rows = batch.rows();
      if (metLocks || batch.size() < RANGE_FROM || rows == overflowedIn) {
        return other.deleteBatch(em, batch);
      }
      session.prepare(em, rows);
      List<?> end = rows.bind(em.createQuery(Jpql.probeRangeEnd(rows)))
          .setFirstResult(batch.size() - 1)
          .setMaxResults(1)
          .getResultList();
      Duration wait = LOCK_WAIT;
      Integer restore = boundWaits(em, wait);
      try {
        // Fewer expired rows than the batch takes: all of them, in one statement; else those before the probed value.
        int deleted = end.isEmpty() ? rows.bind(em.createQuery(Jpql.deleteExpired(rows))).executeUpdate()
            : rows.bind(em.createQuery(Jpql.deleteBefore(rows))).setParameter("rangeEnd", end.get(0)).executeUpdate();
        if (deleted > batch.size()) {
          overflowedIn = rows;
          LOGGER.log(Level.DEBUG, () -> "Pass " + rows.pass().name() + ": the range delete took " + deleted
              + " rows, more than the batch's " + batch.size() + " (rows arrived after its probe); rolled back, and"
              + " this sweep goes on with " + other.name());
          // Thrown so that the transaction rolls back the rows it took; the sweep reads the outcome from the batch.
          throw batch.rollBack(new BatchOutcome.SteppedAside(rows.pass().name() + ": the range delete took "
              + deleted + " rows, more than the batch's " + batch.size()), null);
        }
        if (deleted > 0 || end.isEmpty()) {
          return BatchOutcome.deleted(deleted);
        }
      } catch (Batch.RolledBack e) {
        throw e;
      } catch (RuntimeException e) {
        if (!lockWait.timedOutIn(e)) {
          throw e;
        }
        metLocks = true;
        LOGGER.log(Level.INFO, () -> "Pass " + rows.pass().name() + ": the range statement waited "
            + Durations.format(wait) + " on a row another transaction holds; its batches run on " + other.name()
            + " from now on, which skips held rows");
        // The failed statement spoilt the transaction: it rolls back, and the batch runs again on the other shape.
        throw batch.rollBack(new BatchOutcome.SteppedAside(rows.pass().name() + ": range statement met a lock"), e);
      } finally {
        restore(em, restore);
      }
      // Every row up to the batch's size has the probed value: too many ties for a range.
      return other.deleteBatch(em, batch);
    }

    /** Bounds the transaction's waits on row locks; returns the session's value to set back, or null. */
    private Integer boundWaits(EntityManager em, Duration wait) {
      return em.unwrap(Session.class).doReturningWork(connection -> {
        try (Statement statement = connection.createStatement()) {
          return lockWait.bound(statement, wait);
        }
      });
    }

    private void restore(EntityManager em, Integer before) {
      if (before == null) {
        return;
      }
      em.unwrap(Session.class).doWork(connection -> {
        try (Statement statement = connection.createStatement()) {
          lockWait.restore(statement, before);
        }
      });
    }
  }
}
