package dev.retention.benchmarks.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The drains of a run with {@code --drain-repeats}, per database and layout: each strategy's median rows/s and its
 * share of the unbounded DELETE, a share taken within each round (the two drains a few seconds apart, so a stall of the
 * shared machine weighs on both) and its median, lowest and highest printed, with the foreground's longest write.
 */
public final class DrainRounds {

  static final String ANCHOR = "unbounded-delete";

  private final Map<String, Map<String, List<DrainResult>>> byTable = new LinkedHashMap<>();

  /** Groups {@code drains} by database and layout, then strategy; the n-th drain of a strategy is its n-th round's. */
  public DrainRounds(List<DrainResult> drains) {
    for (DrainResult drain : drains) {
      byTable.computeIfAbsent(drain.database() + " " + drain.layout(), key -> new LinkedHashMap<>())
          .computeIfAbsent(drain.strategy(), key -> new ArrayList<>()).add(drain);
    }
  }

  /** The rounds of {@code strategy}, in order; empty when it did not run there. */
  public List<DrainResult> rounds(String database, String layout, String strategy) {
    return byTable.getOrDefault(database + " " + layout, Map.of()).getOrDefault(strategy, List.of());
  }

  /**
   * The share of the unbounded DELETE's rows/s that {@code strategy} drained in each round where both succeeded.
   */
  public List<Double> shares(String database, String layout, String strategy) {
    List<DrainResult> sweeps = rounds(database, layout, strategy);
    List<DrainResult> anchors = rounds(database, layout, ANCHOR);
    List<Double> shares = new ArrayList<>();
    for (int round = 0; round < Math.min(sweeps.size(), anchors.size()); round++) {
      if (sweeps.get(round).succeeded() && anchors.get(round).succeeded()) {
        shares.add(sweeps.get(round).rowsPerSecond() / anchors.get(round).rowsPerSecond());
      }
    }
    return shares;
  }

  public void print(PrintStream out) {
    out.println();
    out.println("Drains by round (median of the rounds; share = the strategy's rows/s over the unbounded DELETE's in"
        + " the same round: median, lowest-highest; fg max = longest foreground write, median and worst round, ms)");
    out.println("| database | layout | strategy | rounds | rows/s | share of DELETE | fg max |");
    out.println("| --- | --- | --- | ---: | ---: | ---: | ---: |");
    byTable.forEach((table, strategies) -> {
      String[] key = table.split(" ");
      strategies.forEach((strategy, rounds) -> {
        List<Double> shares = shares(key[0], key[1], strategy);
        out.printf(Locale.ROOT, "| %s | %s | %s | %d | %,.0f | %s | %.1f (%.1f) |%n", key[0], key[1], strategy,
            rounds.size(), median(rounds, DrainResult::rowsPerSecond),
            shares.isEmpty() ? "-" : String.format(Locale.ROOT, "%.0f%% (%.0f-%.0f%%)", median(shares) * 100,
                shares.stream().mapToDouble(Double::doubleValue).min().orElseThrow() * 100,
                shares.stream().mapToDouble(Double::doubleValue).max().orElseThrow() * 100),
            median(rounds, result -> result.foreground().maxMillis()),
            rounds.stream().mapToDouble(result -> result.foreground().maxMillis()).max().orElse(Double.NaN));
      });
    });
  }

  static double median(List<DrainResult> results, ToDoubleFunction<DrainResult> figure) {
    return median(results.stream().map(figure::applyAsDouble).toList());
  }

  /** The median; of an even count, the mean of the middle two. NaN when empty. */
  static double median(List<Double> values) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    List<Double> sorted = values.stream().sorted().toList();
    int middle = sorted.size() / 2;
    return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
  }
}
