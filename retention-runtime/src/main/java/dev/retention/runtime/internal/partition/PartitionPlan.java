package dev.retention.runtime.internal.partition;

import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.RetentionOption.ExpiredPartitions;
import dev.retention.runtime.internal.partition.PartitionCatalog.Layout;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.transaction.BatchTransactions;
import jakarta.persistence.EntityManagerFactory;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Whether a pass's expired partitions go whole, decided once at start from the pass and the catalog, and what the start
 * line says of it.
 *
 * @param sweep the partition step of each sweep; empty when partitions do not go whole
 * @param note what the start line says; empty when nothing is worth saying (a plain table, with the option off)
 */
public record PartitionPlan(Optional<PartitionSweep> sweep, Optional<String> note) {

  /** No partition step and nothing to say. */
  public static final PartitionPlan NONE = new PartitionPlan(Optional.empty(), Optional.empty());

  /**
   * What a pass's own shape rules out, checked before the catalog is read.
   *
   * @param hooked whether the pass has a before-delete hook
   * @param jta whether batches run in JTA transactions
   */
  public record PassFacts(boolean hooked, boolean jta) {}

  /**
   * Decides for one pass.
   *
   * @param provider the provider's side; empty without one (no Hibernate, or portable statements only)
   */
  public static PartitionPlan decide(Optional<PartitionTables> provider, PassModel pass, PassSettings settings,
      PassFacts facts, EntityManagerFactory emf, BatchTransactions transactions) {
    ExpiredPartitions mode = settings.expiredPartitions();
    boolean on = mode != ExpiredPartitions.ROWS;
    if (provider.isEmpty()) {
      return on ? refused("no native statement runs for this provider or database") : NONE;
    }
    PartitionTables tables = provider.get();
    String passRefusal = passRefusal(pass, facts);
    if (passRefusal != null) {
      return on ? refused(passRefusal) : NONE;
    }
    PartitionTables.Target found;
    try {
      found = tables.target(pass);
    } catch (LinkageError otherVersion) {
      // The provider's mapping model differs from the one the runtime was built against: no native statement here.
      return on ? refused("this provider version's mapping model is not the one native statements read ("
          + otherVersion + ")") : NONE;
    }
    if (found instanceof PartitionTables.Refused refusedTarget) {
      return on ? refused(refusedTarget.refusal()) : NONE;
    }
    PartitionTables.Table target = (PartitionTables.Table) found;
    PartitionCatalog.TableLayout tableLayout;
    @Nullable String modeRefusal;
    try {
      tableLayout = transactions.read(emf, settings.batchTimeout(),
          em -> target.catalog().layout(em, target.table(), target.column()));
      modeRefusal = on ? transactions.read(emf, settings.batchTimeout(),
          em -> target.catalog().refusalOf(mode, em)) : null;
    } catch (RuntimeException unreadable) {
      return refused("cannot read how table " + target.table() + " is partitioned (" + unreadable.getMessage() + ")");
    }
    if (tableLayout instanceof PartitionCatalog.NotWhole notWhole) {
      if (!on) {
        // The option is off, but the table is partitioned: say why turning it on would not help.
        return notWhole.partitioned() ? new PartitionPlan(Optional.empty(),
            Optional.of("expired partitions could not go whole: " + notWhole.refusal())) : NONE;
      }
      return refused(notWhole.refusal());
    }
    Layout layout = (Layout) tableLayout;
    if (modeRefusal != null) {
      return refused(modeRefusal);
    }
    if (!on) {
      return new PartitionPlan(Optional.empty(), Optional.of("expired partitions of " + layout.catalogName()
          + " could go whole (" + RetentionOption.EXPIRED_PARTITIONS.key() + " = "
          + ExpiredPartitions.DROP.key() + "; now " + ExpiredPartitions.ROWS.key() + ")"));
    }
    PartitionSweep sweep = new PartitionSweep(pass, tables, target.catalog(), layout, mode);
    return new PartitionPlan(Optional.of(sweep),
        Optional.of("expired partitions of " + layout.catalogName() + " go whole (" + sweep.howRemoved() + ")"));
  }

  /**
   * Why a pass whose rows are removed one by one is refused: {@code @PreRemove}, {@code @PostRemove}, entity listeners
   * or cascades, none of which a dropped partition runs. An {@code @IdClass} entity is removed one by one for its key
   * alone when it has none of them, which its provider tells ({@link PartitionTables#target}).
   */
  public static final String REMOVED_FOR_CALLBACKS =
      "its rows are removed one by one for their callbacks or cascades, which a dropped partition skips";

  /**
   * Why the pass itself rules partitions out, whatever its table: each a rule a dropped partition would break. An
   * {@code @IdClass} pass removed one by one goes on to its provider, which knows whether anything but its key made it
   * so; no key is read by a partition's drop.
   */
  private static @Nullable String passRefusal(PassModel pass, PassFacts facts) {
    if (facts.hooked()) {
      return "it has a before-delete hook, which must see every row it deletes";
    }
    if (pass.strategy() != DeleteStrategy.BULK_STATEMENTS && !pass.keys().idClass()) {
      return REMOVED_FOR_CALLBACKS;
    }
    if (pass.condition().isPresent()) {
      return "it has a condition, which a whole partition does not meet row by row";
    }
    if (pass.scopeAttribute().isPresent()) {
      return "it is swept scope by scope, each scope against its own window";
    }
    if (facts.jta()) {
      return "its batches run in JTA transactions, and the DDL needs a connection outside any transaction";
    }
    return null;
  }

  private static PartitionPlan refused(String why) {
    return new PartitionPlan(Optional.empty(), Optional.of("expired partitions not dropped: " + why));
  }
}
