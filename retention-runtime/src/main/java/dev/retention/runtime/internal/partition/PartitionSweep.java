package dev.retention.runtime.internal.partition;

import dev.retention.runtime.RetentionOption.ExpiredPartitions;
import dev.retention.runtime.internal.partition.PartitionCatalog.Layout;
import dev.retention.runtime.internal.partition.PartitionCatalog.Outcome;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.transaction.BatchTransactions;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The first step of a sweep of a pass whose table is partitioned by its {@code @Ttl} column: every partition whose
 * whole range is expired goes whole, before the batches delete the expired rows of the others. A partition
 * {@code [a, b)} is wholly expired when every value below {@code b} is, that is when {@code b} is at or before the
 * cutoff; the database judges it, reading {@code b} as a value of the key's type and comparing it with the cutoff bound
 * exactly as every row statement binds it, so windows, zones, daylight saving and epoch units are the rows' own.
 */
public final class PartitionSweep {

  private static final System.Logger LOGGER = System.getLogger(PartitionSweep.class.getName());

  private final PassModel pass;
  private final PartitionTables tables;
  private final PartitionCatalog catalog;
  private final Layout layout;
  private final ExpiredPartitions mode;

  PartitionSweep(PassModel pass, PartitionTables tables, PartitionCatalog catalog, Layout layout,
      ExpiredPartitions mode) {
    this.pass = pass;
    this.tables = tables;
    this.catalog = catalog;
    this.layout = layout;
    this.mode = mode;
  }

  /**
   * What the step did.
   *
   * @param partitions the partitions that went whole (or, in a dry run, would), by name
   * @param rows the rows they held, as the catalog's statistics estimated them
   * @param workRemains whether a wholly expired partition stayed for the next sweep (a lock not had in time)
   */
  public record Result(List<String> partitions, long rows, boolean workRemains) {
    public static final Result NONE = new Result(List.of(), 0, false);
  }

  /** A partition found wholly expired. */
  private record Expired(Partition partition, List<Partition> all) {}

  /**
   * Drops (or detaches) the wholly expired partitions, or in a dry run lists them.
   *
   * @param cutoffValue the cutoff as every row statement of the sweep binds it
   * @throws RuntimeException when the catalog cannot be read or a partition's DDL fails for a reason other than a
   *     lock not had in time or another instance having taken it first
   */
  public Result run(EntityManagerFactory emf, BatchTransactions transactions, Duration timeout, Object cutoffValue,
      boolean dryRun) {
    List<Expired> expired = transactions.read(emf, timeout, em -> expired(em, cutoffValue));
    if (expired.isEmpty()) {
      return Result.NONE;
    }
    if (dryRun) {
      LOGGER.log(Level.INFO, () -> pass.name() + " (dry run): would " + mode.key() + " partitions "
          + expired.stream().map(e -> e.partition().described()).collect(Collectors.joining(", ")) + " of "
          + layout.catalogName());
      return new Result(expired.stream().map(e -> e.partition().name()).toList(),
          expired.stream().mapToLong(e -> e.partition().estimatedRows()).sum(), false);
    }
    List<String> removed = new ArrayList<>();
    long[] rows = {0};
    boolean workRemains;
    try {
      workRemains = tables.outsideTransactions(connection -> removeAll(connection, expired, timeout, removed, rows));
    } catch (RuntimeException e) {
      if (!removed.isEmpty()) {
        LOGGER.log(Level.WARNING, () -> pass.name() + ": partitions " + removed + " of " + layout.catalogName()
            + " went before the step failed");
      }
      throw e;
    } finally {
      if (!removed.isEmpty()) {
        // Rows that went with a partition went past the provider; none may still be served from its cache.
        emf.getCache().evict(pass.entityType());
      }
    }
    LOGGER.log(Level.DEBUG, () -> pass.name() + ": " + mode.key() + " partitions " + removed + " of "
        + layout.catalogName() + " (about " + rows[0] + " rows)");
    return new Result(List.copyOf(removed), rows[0], workRemains);
  }

  /**
   * Removes the expired partitions in order on one connection, until a lock is not had in time.
   *
   * @return whether a partition stayed for the next sweep
   */
  private boolean removeAll(Connection connection, List<Expired> expired, Duration timeout,
      List<String> removed, long[] rows) throws SQLException {
    boolean workRemains = false;
    for (Expired each : expired) {
      Partition partition = each.partition();
      Outcome outcome = catalog.remove(connection, layout, partition, each.all(), mode, timeout);
      switch (outcome) {
        case REMOVED -> {
          removed.add(partition.name());
          rows[0] += partition.estimatedRows();
        }
        case GONE -> LOGGER.log(Level.DEBUG, () -> pass.name() + ": partition " + partition.name() + " of "
            + layout.catalogName() + " was gone already");
        case HOLDS_NULL -> LOGGER.log(Level.DEBUG, () -> pass.name() + ": partition " + partition.name() + " of "
            + layout.catalogName() + " got a row without a " + layout.column() + " before its turn, which never"
            + " expires; it stays, and its rows go by batches");
        case NOT_NOW -> {
          workRemains = true;
          LOGGER.log(Level.WARNING, () -> pass.name() + ": partition " + partition.name() + " of "
              + layout.catalogName()
              + " is wholly expired but a lock it needs was not had within batch-timeout (" + timeout.toMillis()
              + " ms)" + (catalog.detachMayStayPending() ? "; if its detach began, it is pending and" : ";")
              + " the next sweep takes it up again, and the partitions after it");
        }
      }
      if (workRemains) {
        break; // the others would wait on the same lock, each as long
      }
    }
    return workRemains;
  }

  /** The partitions whose whole range is expired, oldest bound first as the catalog lists them. */
  private List<Expired> expired(EntityManager em, Object cutoffValue) {
    List<Partition> all = catalog.partitions(em, layout);
    List<Partition> remaining = new ArrayList<>(all);
    List<Expired> expired = new ArrayList<>();
    for (Partition partition : all) {
      if (!partition.bounded()) {
        if (partition.detachPending()) {
          LOGGER.log(Level.WARNING, () -> pass.name() + ": partition " + partition.name() + " of "
              + layout.catalogName()
              + " has a detach pending that is not Retention's to finish (it is not wholly expired); finish it with"
              + " ALTER TABLE " + layout.catalogName() + " DETACH PARTITION " + partition.name() + " FINALIZE");
        }
        continue;
      }
      if (!wholeRangeExpired(em, partition, cutoffValue)) {
        if (partition.detachPending()) {
          LOGGER.log(Level.WARNING, () -> pass.name() + ": partition " + partition.name() + " of "
              + layout.catalogName()
              + " has a detach pending but is not wholly expired, so Retention leaves it; finish it with ALTER TABLE "
              + layout.catalogName() + " DETACH PARTITION " + partition.name() + " FINALIZE");
        }
        continue;
      }
      if (catalog.holdsNull(em, layout, partition)) {
        LOGGER.log(Level.DEBUG, () -> pass.name() + ": partition " + partition.name() + " holds rows without a "
            + layout.column() + ", which never expire; its rows go by batches");
        continue;
      }
      String kept = catalog.keptWhole(layout, partition, remaining);
      if (kept != null) {
        LOGGER.log(Level.DEBUG, () -> pass.name() + ": partition " + partition.name() + " stays (" + kept
            + "); its rows go by batches");
        continue;
      }
      remaining.remove(partition);
      expired.add(new Expired(partition, all));
    }
    return expired;
  }

  private boolean wholeRangeExpired(EntityManager em, Partition partition, Object cutoffValue) {
    Object answer = em.createNativeQuery(catalog.boundAtOrBeforeCutoff(layout))
        .setParameter(1, partition.upperBound())
        .setParameter(2, cutoffValue)
        .getSingleResult();
    return answer instanceof Number number && number.intValue() == 1;
  }

  /** How partitions go, for the start line. */
  String howRemoved() {
    return catalog.howRemoved(mode);
  }
}
