package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.SweepListener;
import dev.retention.runtime.internal.transaction.BatchTransactions;
import jakarta.persistence.EntityManagerFactory;
import java.time.Clock;
import java.time.ZoneId;

/**
 * What every sweeper of one runtime shares.
 *
 * @param clock decides what is expired: each sweep reads its {@code now} from it once
 * @param zone the zone zone-less attribute values are read in
 */
public record SweepEnvironment(EntityManagerFactory emf, BatchTransactions transactions, Clock clock, ZoneId zone,
    SweepListener listener, StopSignal stopSignal) {}
