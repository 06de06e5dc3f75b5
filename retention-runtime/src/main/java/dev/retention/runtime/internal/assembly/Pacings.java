package dev.retention.runtime.internal.assembly;

import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.internal.config.BoundSettings;
import dev.retention.runtime.internal.database.DatabaseProfile;
import dev.retention.runtime.internal.database.SqlRows;
import dev.retention.runtime.internal.pacing.PacingSources;
import dev.retention.runtime.internal.pacing.PacingTime;
import dev.retention.runtime.internal.pacing.ReplicaReader;
import dev.retention.runtime.internal.pacing.ReplicaWatch;
import dev.retention.runtime.internal.sweep.StopSignal;
import dev.retention.runtime.internal.transaction.BatchTransactions;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;
import org.jspecify.annotations.NullMarked;

/**
 * Wires what paces the sweeps ({@code internal.pacing}) at {@code build()}: the replicas to read, from the database's
 * profile and the replicas the application named; the throttle; what batches commit with. A limit on replicas that
 * cannot be read fails the build, naming the pass, the key and the value: a gate that cannot see would not hold.
 */
@NullMarked
final class Pacings {

  private Pacings() {}

  /** The passes whose batches keep the server's commit settings ({@code synchronous-commit=server}). */
  static Set<String> onServerCommits(Map<String, BoundSettings> settings) {
    return settings.values().stream()
        .filter(pass -> pass.synchronousCommit() == RetentionOption.SynchronousCommit.SERVER)
        .map(BoundSettings::pass).collect(Collectors.toUnmodifiableSet());
  }

  /** Queries on the application's database, each in a read of its own, bounded by the shortest batch timeout. */
  static SqlRows primary(EntityManagerFactory emf, BatchTransactions transactions,
      Map<String, BoundSettings> settings) {
    Duration timeout = settings.values().stream().map(BoundSettings::batchTimeout).min(Duration::compareTo)
        .orElse(RetentionOptions.empty().batchTimeout());
    return sql -> transactions.read(emf, timeout, em -> {
      List<Object[]> rows = new ArrayList<>();
      for (Object row : em.createNativeQuery(sql).getResultList()) {
        rows.add(row instanceof Object[] columns ? columns : new Object[] {row});
      }
      return rows;
    });
  }

  /**
   * The pacing every sweeper shares.
   *
   * @throws RetentionConfigurationException when a pass limits its replicas' lag and they cannot be read
   */
  static PacingSources sources(RuntimeInput input, DatabaseProfile database, Map<String, BoundSettings> settings,
      SqlRows primary, LongSupplier monotonic, StopSignal stopSignal) {
    List<BoundSettings> limiting = settings.values().stream().filter(BoundSettings::enabled)
        .filter(pass -> !pass.maxReplicaLag().isZero() || pass.maxReplicaLagMb() > 0).toList();
    Optional<ReplicaReader> reader = Optional.empty();
    List<String> problems = new ArrayList<>();
    if (!limiting.isEmpty() || !input.replicas().isEmpty()) {
      try {
        reader = database.replicaReader(primary, input.replicas());
      } catch (IllegalArgumentException e) {
        problems.add(limiting.isEmpty() ? e.getMessage()
            : "Pass " + limiting.get(0).pass() + " limits its replicas' lag (" + describe(limiting.get(0))
                + "), but " + e.getMessage());
      }
    }
    if (problems.isEmpty()) {
      for (BoundSettings pass : limiting) {
        problemOf(pass, reader, database).ifPresent(problems::add);
      }
    }
    if (!problems.isEmpty()) {
      throw new RetentionConfigurationException(problems);
    }
    PacingTime time = new PacingTime() {
      @Override
      public long nanoTime() {
        return monotonic.getAsLong();
      }

      @Override
      public boolean pause(Duration delay) {
        return stopSignal.pause(delay);
      }
    };
    return new PacingSources(reader.map(ReplicaWatch::new), new AtomicReference<>(input.throttle()), time,
        sessionCommits(input, database, settings, primary));
  }

  private static Optional<String> problemOf(BoundSettings pass, Optional<ReplicaReader> reader,
      DatabaseProfile database) {
    if (reader.isEmpty()) {
      return Optional.of("Pass " + pass.pass() + " limits its replicas' lag (" + describe(pass) + "), but there is no"
          + " replica to read on " + database.name() + ": on MariaDB and MySQL name each replica with"
          + " RetentionRuntime.Builder.replica(name, dataSource); on PostgreSQL the primary shows its standbys");
    }
    if (pass.maxReplicaLagMb() > 0 && !reader.get().readsBytes()) {
      return Optional.of("Pass " + pass.pass() + ": " + RetentionOption.MAX_REPLICA_LAG_MB.key() + " = "
          + pass.maxReplicaLagMb() + ", but " + database.name() + "'s replicas report their delay in seconds only: set "
          + RetentionOption.MAX_REPLICA_LAG.key() + " instead");
    }
    return Optional.empty();
  }

  private static String describe(BoundSettings pass) {
    List<String> limits = new ArrayList<>();
    if (pass.maxReplicaLagMb() > 0) {
      limits.add(RetentionOption.MAX_REPLICA_LAG_MB.key() + " = " + pass.maxReplicaLagMb());
    }
    if (!pass.maxReplicaLag().isZero()) {
      limits.add(RetentionOption.MAX_REPLICA_LAG.key() + " = "
          + RetentionOption.MAX_REPLICA_LAG.format(pass.maxReplicaLag()));
    }
    return String.join(", ", limits);
  }

  /** What the database's batch session does to commits, read once for the start line; empty when it does nothing. */
  private static Optional<String> sessionCommits(RuntimeInput input, DatabaseProfile database,
      Map<String, BoundSettings> settings, SqlRows primary) {
    boolean someSweep = settings.values().stream().anyMatch(BoundSettings::enabled);
    if (database.batchSession().isEmpty() || input.portableStatements() || !someSweep) {
      return Optional.empty();
    }
    try {
      return database.describeCommits(primary);
    } catch (RuntimeException e) {
      return Optional.of("synchronous_commit off unless the server names synchronous standbys (its settings could"
          + " not be read: " + e + ")");
    }
  }
}
