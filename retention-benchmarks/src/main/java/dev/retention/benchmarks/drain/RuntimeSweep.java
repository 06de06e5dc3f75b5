package dev.retention.benchmarks.drain;

import dev.retention.benchmarks.model.ExpiringRow;
import dev.retention.runtime.BatchReport;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * The library: one {@link RetentionRuntime#sweep} of the generated pass, with no pause between batches and a bound on
 * batches high enough to drain the whole backlog in that one sweep. It calls the runtime as an application would, so it
 * measures whatever statement shape the runtime picks for the database.
 */
public final class RuntimeSweep implements Drain {

  /** The generated pass of the benchmark's entity. */
  public static final String PASS = ExpiringRow.class.getName();

  /** The name part of a sweep whose batches the runtime sizes from {@code batch-target}. */
  public static final String SIZED = "auto";

  /** The {@code batch-target} of {@code sweep-auto}: about half the longest foreground wait the targets allow. */
  public static final Duration SIZED_TARGET = Duration.ofMillis(25);

  private final OptionalInt batchSize;
  private final long expectedRows;
  private final boolean portable;

  /**
   * @param batchSize the runtime's {@code batch-size}; empty to set {@code batch-target} to {@link #SIZED_TARGET}
   *     instead, so that the runtime sizes batches
   * @param expectedRows the backlog, to set {@code max-batches-per-sweep} above what draining it takes
   * @param portable whether the runtime runs the generated JPQL only ({@code portableStatements}), for comparison with
   *     the statements it shapes for the database
   */
  public RuntimeSweep(OptionalInt batchSize, long expectedRows, boolean portable) {
    this.batchSize = batchSize;
    this.expectedRows = expectedRows;
    this.portable = portable;
  }

  @Override
  public String name() {
    return (portable ? "portable-" : "sweep-")
        + (batchSize.isPresent() ? String.valueOf(batchSize.getAsInt()) : SIZED);
  }

  @Override
  public DrainOutcome run(EntityManagerFactory emf, Instant cutoff) {
    BatchTimes batchTimes = new BatchTimes();
    try (RetentionRuntime runtime = runtime(emf, cutoff, batchTimes)) {
      SweepReport report = runtime.sweep(PASS);
      if (report.failure().isPresent()) {
        throw new IllegalStateException(name() + " failed: " + report, report.failure().get());
      }
      if (report.workRemains()) {
        throw new IllegalStateException(name() + " stopped before draining (max-batches-per-sweep too low): " + report);
      }
      return new DrainOutcome(report.deleted(), report.batches(), batchTimes.millis, batchTimes.sizes);
    }
  }

  /** A runtime whose clock stands at the cutoff, so every sweep compares rows with exactly that instant. */
  public RetentionRuntime runtime(EntityManagerFactory emf, Instant now, SweepListener listener) {
    // Sized batches may be small: a batch deletes at least one row or ends the sweep, so the backlog bounds them.
    long batchesToDrain = batchSize.isPresent() ? expectedRows / batchSize.getAsInt() + 2 : expectedRows + 2;
    RetentionOptions options = RetentionOptions.empty()
        .withBatchDelay(Duration.ZERO)
        .withMaxStartupStagger(Duration.ZERO)
        .withMaxBatchesPerSweep((int) Math.min((Integer) RetentionOption.MAX_BATCHES_PER_SWEEP.upperBound().orElseThrow(), batchesToDrain));
    options = batchSize.isPresent()
        ? options.withBatchSize(batchSize.getAsInt())
        : options.withBatchTarget(SIZED_TARGET);
    return RetentionRuntime.builder(emf)
        .clock(Clock.fixed(now, ZoneOffset.UTC))
        .zone(ZoneOffset.UTC)
        .defaults(options)
        .portableStatements(portable)
        .listener(listener)
        .build();
  }

  /** Collects each committed batch's time and size. */
  private static final class BatchTimes implements SweepListener {
    private final List<Double> millis = new ArrayList<>();
    private final List<Integer> sizes = new ArrayList<>();

    @Override
    public void batchCompleted(BatchReport batch) {
      millis.add(batch.duration().toNanos() / 1e6);
      sizes.add(batch.batchSize());
    }
  }
}
