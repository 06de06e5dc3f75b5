package dev.retention.it.support;

import dev.retention.it.model.SessionToken;
import dev.retention.runtime.BatchReport;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepListener;
import jakarta.persistence.EntityManagerFactory;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

/**
 * A JVM of its own that sweeps sessions slowly and says when each batch commits, for a test to kill it mid-sweep.
 * Arguments: JDBC URL, user, the instant of {@code now}.
 */
public final class SweepingProcess {

  public static final int BATCH_SIZE = 100;

  private SweepingProcess() {}

  public static void main(String[] args) {
    EntityManagerFactory emf = Jpa.factory(args[0], args[1], List.of(SessionToken.class), Map.of(Jpa.SCHEMA_ACTION,
        "none"));
    RetentionRuntime retention = RetentionRuntime.builder(emf)
        .clock(Clock.fixed(Instant.parse(args[2]), ZoneOffset.UTC))
        .defaults(RetentionOptions.empty().withBatchSize(BATCH_SIZE).withMaxBatchesPerSweep(10_000)
            .withBatchDelay(Duration.ofMillis(20)))
        .listener(new SweepListener() {
          @Override
          public void batchCompleted(BatchReport batch) {
            System.out.println("committed batch " + batch.number());
            System.out.flush();
          }
        })
        .build();
    retention.sweep(SessionToken.class.getName());
    System.out.println("drained");
  }
}
