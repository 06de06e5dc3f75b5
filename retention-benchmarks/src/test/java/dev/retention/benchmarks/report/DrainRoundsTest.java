package dev.retention.benchmarks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.retention.benchmarks.measure.LatencySummary;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A strategy's share of the unbounded DELETE is taken within each round: a round the machine slowed for both sides
 * must not count as a loss of one of them.
 */
class DrainRoundsTest {

  @Test
  void sharesAreTakenWithinEachRoundAndTheirMedianJudged() {
    List<DrainResult> drains = List.of(
        drain("sweep-auto", 10.0), drain("unbounded-delete", 1.0), // round 1: 10% (a slow round for both)
        drain("unbounded-delete", 0.25), drain("sweep-auto", 1.0), // round 2: 25%
        drain("sweep-auto", 0.5), drain("unbounded-delete", 0.1), // round 3: 20%
        drain("sweep-auto", 1.0, "postgresql", "scattered")); // another table, no anchor: no share

    DrainRounds rounds = new DrainRounds(drains);

    assertEquals(List.of(0.1, 0.25, 0.2), rounds.shares("postgresql", "ordered", "sweep-auto"));
    assertEquals(0.2, DrainRounds.median(rounds.shares("postgresql", "ordered", "sweep-auto")), 1e-9);
    assertEquals(List.of(), rounds.shares("postgresql", "scattered", "sweep-auto"));
  }

  @Test
  void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
    assertEquals(2.5, DrainRounds.median(List.of(4.0, 1.0, 2.0, 3.0)), 1e-9);
    assertEquals(Double.NaN, DrainRounds.median(List.<Double>of()));
  }

  private static DrainResult drain(String strategy, double seconds) {
    return drain(strategy, seconds, "postgresql", "ordered");
  }

  private static DrainResult drain(String strategy, double seconds, String database, String layout) {
    return new DrainResult(database, layout, strategy, 200_000, 100_000, 100_000, 1, seconds, 0, 0, 0, 0, 0, 0,
        LatencySummary.none(), 0, "");
  }
}
