package dev.retention.runtime.internal.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.runtime.PassSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import dev.retention.runtime.internal.config.BoundSettings;
import java.util.Optional;
import java.util.Map;

/**
 * The control rule of batch sizing, fed batch durations directly: what a batch took is the sizer's only input, so
 * these tests need no clock and no database.
 */
class BatchSizerTest {

  private static final Duration TARGET = Duration.ofMillis(100);
  private static final int CEILING = 10_000;

  @Test
  void theFirstBatchTakesTheBatchSizeOption() {
    assertEquals(500, sized(500).nextSize());
  }

  @Test
  void fullFastBatchesGrowTowardsTheTargetAtMostDoublingEachTime() {
    BatchSizer sizer = sized(500);

    sizer.completed(500, 500, Duration.ofMillis(10));
    assertEquals(1000, sizer.nextSize(), "ten times faster than the target, but at most double");
    sizer.completed(1000, 1000, Duration.ofMillis(80));
    assertEquals(1250, sizer.nextSize(), "80 ms against 100: a quarter more");
  }

  @Test
  void aSecondSlowBatchInARowShrinksTheNextInProportionToAQuarterAtMost() {
    BatchSizer sizer = sized(4000);

    sizer.completed(4000, 4000, Duration.ofMillis(200));
    assertEquals(4000, sizer.nextSize(), "one slow batch alone: perhaps a stall, not the size");
    sizer.completed(4000, 4000, Duration.ofMillis(200));
    assertEquals(2000, sizer.nextSize(), "twice the target, twice in a row: half the rows");
    sizer.completed(2000, 2000, Duration.ofSeconds(5));
    assertEquals(500, sizer.nextSize(), "fifty times the target, but at most a quarter");
  }

  @Test
  void aSlowBatchBetweenFastOnesKeepsTheSize() {
    BatchSizer sizer = sized(2000);
    sizer.completed(2000, 2000, TARGET);

    sizer.completed(2000, 2000, Duration.ofSeconds(2));
    assertEquals(2000, sizer.nextSize(), "a stall of two seconds, once");
    sizer.completed(2000, 2000, TARGET);
    sizer.completed(2000, 2000, Duration.ofSeconds(2));

    assertEquals(2000, sizer.nextSize(), "slow batches that are not in a row never shrink the size");
  }

  @Test
  void aShortBatchNeverGrowsTheSizeButSlowOnesShrinkIt() {
    BatchSizer sizer = sized(1000);

    sizer.completed(1000, 10, Duration.ofMillis(1));
    assertEquals(1000, sizer.nextSize(), "ten rows in 1 ms says nothing about a thousand");
    sizer.completed(1000, 10, Duration.ofMillis(400));
    sizer.completed(1000, 10, Duration.ofMillis(400));
    assertEquals(250, sizer.nextSize(), "four times the target, even with few rows: perhaps locks");
  }

  @Test
  void aBatchAFewRowsShortOfItsSizeCountsAsFull() {
    BatchSizer sizer = sized(2000);

    sizer.completed(2000, 1999, Duration.ofMillis(10));
    assertEquals(4000, sizer.nextSize(), "a row short, as the range statement's full batches come back");
    sizer.completed(4000, 3000, Duration.ofMillis(10));
    assertEquals(4000, sizer.nextSize(), "three quarters of its size: a short batch, the last of the expired rows");
  }

  @Test
  void aBatchOnTargetKeepsTheSize() {
    BatchSizer sizer = sized(3000);

    sizer.completed(3000, 3000, TARGET);

    assertEquals(3000, sizer.nextSize());
  }

  @Test
  void theSizeStaysBetweenTheMinimumAndTheCeiling() {
    BatchSizer sizer = BatchSizer.of(settings(600, false), 1000);

    sizer.completed(600, 600, Duration.ofMillis(1));
    assertEquals(1000, sizer.nextSize(), "the ceiling, not 1200");
    for (int i = 0; i < 10; i++) {
      // 100 ms a row: one row would take the target, and the size stops at the minimum.
      sizer.completed(sizer.nextSize(), sizer.nextSize(), Duration.ofMillis(100L * sizer.nextSize()));
    }
    assertEquals(BatchSizer.MINIMUM, sizer.nextSize());
  }

  @Test
  void aFirstSizeAboveTheCeilingStartsAtTheCeiling() {
    assertEquals(2000, BatchSizer.of(settings(5000, false), 2000).nextSize());
  }

  @Test
  void aFailedBatchQuartersTheSizeAndADeadlockHalvesIt() {
    BatchSizer sizer = sized(8000);

    sizer.deadlocked(8000);
    assertEquals(4000, sizer.nextSize());
    sizer.failed(4000);
    assertEquals(1000, sizer.nextSize());
  }

  @Test
  void aFixedBatchSizeNeverChanges() {
    BatchSizer sizer = BatchSizer.of(settings(700, true), CEILING);

    sizer.completed(700, 700, Duration.ofMillis(1));
    sizer.completed(700, 700, Duration.ofSeconds(10));
    sizer.deadlocked(700);
    sizer.failed(700);

    assertEquals(700, sizer.nextSize());
  }

  /** A table whose batches cost 2 ms plus 20 µs a row: 100 ms is 4,900 rows, reached from 500 and held there. */
  @Test
  void onASteadyTableTheSizeSettlesWhereABatchTakesTheTarget() {
    BatchSizer sizer = sized(500);
    List<Integer> sizes = new ArrayList<>();

    for (int batch = 0; batch < 20; batch++) {
      int size = sizer.nextSize();
      sizes.add(size);
      sizer.completed(size, size, Duration.ofNanos(2_000_000L + 20_000L * size));
    }

    assertEquals(List.of(500, 1000, 2000, 4000), sizes.subList(0, 4), "doubling while far below the target");
    int settled = sizes.get(sizes.size() - 1);
    assertTrue(Math.abs(settled - 4900) <= 50, "settled at " + settled + ", sizes " + sizes);
  }

  /** The table slows down (a foreground load starts): the size follows it down, then back up when it ends. */
  @Test
  void theSizeFollowsTheTableWhenItsCostChanges() {
    BatchSizer sizer = sized(5000);
    for (int batch = 0; batch < 5; batch++) {
      int size = sizer.nextSize();
      sizer.completed(size, size, Duration.ofNanos(100_000L * size));
    }
    assertEquals(1000, sizer.nextSize(), "100 µs a row: 1,000 rows in 100 ms");
    for (int batch = 0; batch < 10; batch++) {
      int size = sizer.nextSize();
      sizer.completed(size, size, Duration.ofNanos(20_000L * size));
    }
    assertEquals(5000, sizer.nextSize(), "20 µs a row again: 5,000 rows");
  }

  /**
   * Every batch costs 40 ms whatever its size, plus 1 µs a row (a remote database, or a saturated machine), against a
   * target of 25 ms that no batch can meet. Shrinking in proportion would end at batches of 10 rows and 250 rows a
   * second; the sizer instead tells the fixed part from the rows' and settles where the rows cost twice as much as it.
   */
  @Test
  void aFixedCostAboveTheTargetMakesBatchesLargerNotSmaller() {
    BatchSizer sizer = BatchSizer.of(settings(500, false, Duration.ofMillis(25)), 200_000);
    List<Integer> sizes = new ArrayList<>();

    for (int batch = 0; batch < 14; batch++) {
      int size = sizer.nextSize();
      sizes.add(size);
      sizer.completed(size, size, Duration.ofNanos(40_000_000L + 1_000L * size));
    }

    assertEquals(List.of(500, 500, 309, 618), sizes.subList(0, 4),
        "the first slow batch alone changes nothing, the second shrinks, then the two sizes tell 40 ms apart");
    int settled = sizes.get(sizes.size() - 1);
    assertTrue(Math.abs(settled - 80_000) <= 800, "settled at " + settled + ", sizes " + sizes);
  }

  /**
   * Every batch scans the table, 30 ms, and a row costs 1 µs beside (a table whose date no index leads, run M): a
   * little over the 25 ms target whatever the size, so that each slow batch shrinks the next by a sixth only, never
   * enough for two batches in a row to tell the fixed part. Compared with the last batch whose size differed enough,
   * the sizer tells it within a few batches and grows, where it shrank to the minimum before.
   */
  @Test
  void aScanAtEveryBatchJustAboveTheTargetDoesNotShrinkBatchesToTheMinimum() {
    BatchSizer sizer = BatchSizer.of(settings(500, false, Duration.ofMillis(25)), CEILING);
    List<Integer> sizes = drive(sizer, 30, rows -> Duration.ofNanos(30_000_000L + 1_000L * rows));

    assertTrue(sizes.subList(0, 8).stream().allMatch(size -> size >= 200), "shrinks a little at first: " + sizes);
    assertEquals(CEILING, sizes.get(sizes.size() - 1), "then grows to the ceiling: " + sizes);
  }

  /** As above, with a table that costs nothing a row: the line through two batches' times does not rise. */
  @Test
  void batchesWhoseTimeDoesNotGrowWithTheirRowsGrow() {
    BatchSizer sizer = BatchSizer.of(settings(500, false, Duration.ofMillis(25)), CEILING);
    List<Integer> sizes = drive(sizer, 30, rows -> Duration.ofMillis(30));

    assertEquals(CEILING, sizes.get(sizes.size() - 1), "grows to the ceiling: " + sizes);
  }

  /**
   * A commit of 10 ms (MariaDB waiting for its disk) and 20 µs a row, against 25 ms: a batch of the target, 750 rows,
   * would spend 40% of its time committing. The sizer lets the batch take three times the fixed part, 30 ms, so the
   * fixed part stays a third of it: 1,000 rows. The first batch, 2,000 rows, is slow, so that the sizes differ enough
   * to tell the fixed part.
   */
  @Test
  void aFixedPartAboveAThirdOfTheTargetStaysAThirdOfEachBatch() {
    BatchSizer sizer = BatchSizer.of(settings(2000, false, Duration.ofMillis(25)), CEILING);

    for (int batch = 0; batch < 12; batch++) {
      int size = sizer.nextSize();
      sizer.completed(size, size, Duration.ofNanos(10_000_000L + 20_000L * size));
    }

    assertTrue(Math.abs(sizer.nextSize() - 1000) <= 10, "settled at " + sizer.nextSize());
  }

  @Test
  void aFixedBatchSizeBelowTheSizersMinimumIsKept() {
    BatchSizer sizer = BatchSizer.of(settings(5, true), 5);

    sizer.completed(5, 5, Duration.ofMillis(1));

    assertEquals(5, sizer.nextSize());
  }

  @Test
  void aCeilingBelowTheMinimumIsRefusedNamingThePass() {
    IllegalArgumentException failure =
        assertThrows(IllegalArgumentException.class, () -> BatchSizer.of(settings(500, false), 5));

    assertEquals("com.acme.UserSession: a ceiling of 5 rows is below the 10 rows of the smallest batch",
        failure.getMessage());
  }

  @Test
  void aFixedBatchSizeBelowTheMinimumIsKept() {
    BatchSizer sizer = BatchSizer.of(settings(3, true), 3);

    sizer.completed(3, 3, Duration.ofSeconds(10));
    sizer.failed(3);

    assertEquals(3, sizer.nextSize());
  }

  /** H2 or MariaDB deleting scattered rows, roughly: 1 ms a batch, and a row costs more the larger its batch. */
  private static Duration rowsCostMoreInLargerBatches(int rows) {
    return Duration.ofNanos(1_000_000 + (long) (rows * 5_000 * (1 + rows / 1000.0)));
  }

  /** PostgreSQL, as fitted in run C: 1.4 ms a batch plus 1.2 µs a row. */
  private static Duration linearCost(int rows) {
    return Duration.ofNanos(1_400_000 + rows * 1_200L);
  }

  /** One batch in this many, at most, may try a size judged not worth it. */
  private static final int PROBES_AT_MOST = 30;

  /** Runs {@code batches} full batches through the sizer under {@code cost}; returns the sizes it chose. */
  private static List<Integer> drive(BatchSizer sizer, int batches, java.util.function.IntFunction<Duration> cost) {
    List<Integer> sizes = new ArrayList<>();
    for (int i = 0; i < batches; i++) {
      int size = sizer.nextSize();
      sizes.add(size);
      sizer.completed(size, size, cost.apply(size));
    }
    return sizes;
  }

  @Test
  void growthStopsWhereLargerBatchesDeleteFewerRowsASecond() {
    List<Integer> sizes = drive(sized(500), 200, BatchSizerTest::rowsCostMoreInLargerBatches);

    // Filling the 100 ms target would take about 3,900 rows at 39 rows/ms; 500 rows go at 105 rows/ms, 1000 at 91,
    // 2000 at 64.
    List<Integer> settled = sizes.subList(50, 200);
    long probes = settled.stream().filter(size -> size >= 1024).count();
    assertTrue(probes <= settled.size() / PROBES_AT_MOST, "stays below 1024 rows but for a probe now and then: "
        + settled);
    double rowsPerMs = settled.stream().mapToDouble(size -> size / (rowsCostMoreInLargerBatches(size).toNanos() / 1e6))
        .average().orElseThrow();
    assertTrue(rowsPerMs > 85, "at 1,000 rows (91 rows/ms; the first, cold batch of 500 is not compared), not"
        + " the target's 39: " + rowsPerMs);
  }

  /**
   * The timings of a CI run on a loaded machine (issue 24): 1,000 rows in 9.6 ms, then 2,000 in 21.8 ms, 11% fewer rows
   * a second. The size holds at 2,000 for one batch; when that one deletes fewer rows a second than the batch of 1,000
   * too, if only 6% fewer, growth stops at the size class of 1,000, though every batch was full and far faster than the
   * target: a test on a database cannot assert that every full fast batch grows the next, only this one can.
   */
  @Test
  void twoFullFastBatchesThatDeletedFewerRowsASecondStopGrowth() {
    BatchSizer sizer = BatchSizer.of(settings(500, false, Duration.ofSeconds(10)), CEILING);

    sizer.completed(500, 500, Duration.ofNanos(6_000_000));
    assertEquals(1000, sizer.nextSize(), "the first, cold batch is compared with nothing: double");
    sizer.completed(1000, 1000, Duration.ofNanos(9_600_000));
    assertEquals(2000, sizer.nextSize(), "nothing warm before it to compare with: double");
    sizer.completed(2000, 2000, Duration.ofNanos(21_800_000));
    assertEquals(2000, sizer.nextSize(), "one slower batch: the size holds, to ask again");
    sizer.completed(2000, 2000, Duration.ofNanos(20_500_000));

    assertEquals(1023, sizer.nextSize(), "slower again than the batch of 1,000: the largest size of its class");
  }

  /**
   * A stall during one grown batch (run M: MariaDB's ordered drain held at 1,023 rows for 64 batches, at half the rows a
   * second of the rounds it spared): the next batch of the same size, at the earlier rate, lets growth go on.
   */
  @Test
  void oneGrownBatchSlowedByAStallDoesNotStopGrowth() {
    BatchSizer sizer = BatchSizer.of(settings(500, false, Duration.ofSeconds(10)), CEILING);

    sizer.completed(500, 500, Duration.ofNanos(6_000_000));
    sizer.completed(1000, 1000, Duration.ofNanos(10_000_000));
    sizer.completed(2000, 2000, Duration.ofNanos(35_000_000));
    assertEquals(2000, sizer.nextSize(), "held for one batch");
    sizer.completed(2000, 2000, Duration.ofNanos(20_000_000));

    assertEquals(4000, sizer.nextSize(), "the batch of 2,000 at the rate of 1,000's: double");
    List<Integer> sizes = drive(sizer, 4, rows -> Duration.ofNanos(10_000L * rows));
    assertEquals(List.of(4000, 8000, CEILING, CEILING), sizes);
  }

  /** The same three batches at a steady rate a row: each full batch far below the target doubles the next. */
  @Test
  void fullFastBatchesAtASteadyRateKeepDoubling() {
    BatchSizer sizer = BatchSizer.of(settings(500, false, Duration.ofSeconds(10)), CEILING);

    List<Integer> sizes = drive(sizer, 5, rows -> Duration.ofNanos(10_000L * rows));

    assertEquals(List.of(500, 1000, 2000, 4000, 8000), sizes);
    assertEquals(CEILING, sizer.nextSize());
  }

  @Test
  void whereLargerBatchesPayTheSizeStillFillsTheTarget() {
    List<Integer> sizes = drive(sized(500), 30, BatchSizerTest::linearCost);

    assertEquals(CEILING, sizes.get(sizes.size() - 1), "82,000 rows would take 100 ms; the ceiling bounds it");
  }

  @Test
  void aSizeJudgedNotWorthItIsTriedAgainOnceLargerBatchesPay() {
    BatchSizer sizer = sized(500);
    drive(sizer, 100, BatchSizerTest::rowsCostMoreInLargerBatches);
    assertTrue(sizer.nextSize() < 1024, "held below 1024: " + sizer.nextSize());

    List<Integer> after = drive(sizer, 3 * BatchSizer.PROBE_EVERY, BatchSizerTest::linearCost);

    assertEquals(CEILING, after.get(after.size() - 1), "grew back once the probe found larger batches faster");
  }

  private static BatchSizer sized(int first) {
    return BatchSizer.of(settings(first, false), CEILING);
  }

  private static PassSettings settings(int batchSize, boolean fixed) {
    return settings(batchSize, fixed, TARGET);
  }

  private static PassSettings settings(int batchSize, boolean fixed, Duration target) {
    return BoundSettings.builder("com.acme.UserSession").retention(Duration.ofDays(1), false).batchSize(batchSize)
        .batchTarget(target.isZero() ? Optional.empty() : Optional.of(target)).batchSizeFixed(fixed)
        .maxStartupStagger(Duration.ZERO).build();
  }
}
