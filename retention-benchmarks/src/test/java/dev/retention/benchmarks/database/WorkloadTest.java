package dev.retention.benchmarks.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The layouts' arithmetic, which the loading statement repeats in SQL. */
class WorkloadTest {

  @Test
  void scatteredRanksArePermutationWithExactlyTheExpiredShareBelowTheCut() {
    Workload workload = new Workload(10_000, 5_000, Layout.SCATTERED);
    Set<Long> ranks = new HashSet<>();
    long expired = 0;
    for (long id = 1; id <= workload.rows(); id++) {
      ranks.add(workload.rank(id));
      expired += workload.isExpired(id) ? 1 : 0;
    }
    assertEquals(workload.rows(), ranks.size());
    assertEquals(workload.expired(), expired);
  }

  @Test
  void scatteredLayoutAlternatesExpiredAndLiveRowsAlongTheIds() {
    Workload workload = new Workload(1_000_000, 500_000, Layout.SCATTERED);
    long longestRun = 0;
    long run = 0;
    for (long id = 2; id <= 10_000; id++) {
      run = workload.isExpired(id) == workload.isExpired(id - 1) ? run + 1 : 0;
      longestRun = Math.max(longestRun, run);
    }
    assertTrue(longestRun < 10, "expired rows come in runs of " + longestRun + " ids");
  }

  @Test
  void orderedLayoutExpiresTheOldestIds() {
    Workload workload = new Workload(100, 30, Layout.ORDERED);
    assertTrue(workload.isExpired(30));
    assertTrue(!workload.isExpired(31));
    assertEquals(0, workload.expiryOffsetSeconds(workload.rank(30)));
    assertEquals(1, workload.expiryOffsetSeconds(workload.rank(31)));
  }

  @Test
  void idleCutoffIsBeforeEveryRowsExpiry() {
    Workload workload = new Workload(1_000, 1_000, Layout.SCATTERED);
    long earliestOffset = workload.expiryOffsetSeconds(0);
    assertTrue(Workload.CUTOFF.plusSeconds(earliestOffset).isAfter(workload.idleCutoff()));
  }

  @Test
  void randomIdsComeFromTheAskedSide() {
    Workload workload = new Workload(1_000, 400, Layout.SCATTERED);
    SplittableRandom random = new SplittableRandom(1);
    for (int i = 0; i < 100; i++) {
      assertTrue(workload.isExpired(workload.randomId(true, random)));
      assertTrue(!workload.isExpired(workload.randomId(false, random)));
    }
  }
}
