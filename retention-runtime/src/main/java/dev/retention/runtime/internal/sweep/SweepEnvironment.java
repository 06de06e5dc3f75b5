package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.SweepListener;
import dev.retention.runtime.internal.database.Deadlocks;
import dev.retention.runtime.internal.lock.PassLocks;
import dev.retention.runtime.internal.pacing.PacingSources;
import dev.retention.runtime.internal.tenant.TenantAccess;
import dev.retention.runtime.internal.transaction.BatchTransactions;
import jakarta.persistence.EntityManagerFactory;
import java.time.Clock;
import java.time.ZoneId;
import java.util.function.LongSupplier;

/**
 * What every sweeper of one runtime shares.
 *
 * @param clock decides what is expired: each sweep reads its {@code now} from it once
 * @param zone the zone zone-less attribute values are read in
 * @param monotonic how long things take, in nanoseconds from an arbitrary origin, compared by difference only
 *     ({@code System.nanoTime} but in tests): a batch's duration, a hook past {@code batch-timeout}, an on-demand
 *     sweep's budget. Never the clock, which may stand still or step back.
 * @param locks the passes' locks in the database, which decide which instance sweeps a pass now
 * @param deadlocks which failures of a batch are the database breaking a deadlock, worth running the batch again
 * @param pacing what paces every pass's batches: replicas, the throttle ({@link PacingSources})
 * @param skipsLockedRows whether the database skips rows others hold, as the provider writes it: then a sweep that made
 *     no progress tells held rows from rows its statement does not reach by whether one can be locked without waiting
 * @param tenants the tenants each sweep goes over, and how to run work as one; {@link TenantAccess#NONE} for a factory
 *     without tenants
 */
public record SweepEnvironment(EntityManagerFactory emf, BatchTransactions transactions, Clock clock, ZoneId zone,
    SweepListener listener, StopSignal stopSignal, LongSupplier monotonic, PassLocks locks, Deadlocks deadlocks,
    PacingSources pacing, boolean skipsLockedRows, TenantAccess tenants) {

  /** An environment without tenants. */
  public SweepEnvironment(EntityManagerFactory emf, BatchTransactions transactions, Clock clock, ZoneId zone,
      SweepListener listener, StopSignal stopSignal, LongSupplier monotonic, PassLocks locks, Deadlocks deadlocks,
      PacingSources pacing, boolean skipsLockedRows) {
    this(emf, transactions, clock, zone, listener, stopSignal, monotonic, locks, deadlocks, pacing, skipsLockedRows,
        TenantAccess.NONE);
  }

  /** Now, by {@link #monotonic}. */
  long nanoTime() {
    return monotonic.getAsLong();
  }
}
