package dev.retention.benchmarks.measure;

import java.util.Arrays;
import java.util.Collection;

/** Nearest-rank percentiles of a set of measurements. */
public final class Percentiles {

  private final double[] sorted;

  private Percentiles(double[] values) {
    this.sorted = values.clone();
    Arrays.sort(sorted);
  }

  public static Percentiles of(double[] values) {
    return new Percentiles(values);
  }

  public static Percentiles of(Collection<Double> values) {
    return new Percentiles(values.stream().mapToDouble(Double::doubleValue).toArray());
  }

  public int count() {
    return sorted.length;
  }

  /** The smallest value with at least {@code percent}% of the values at or below it; NaN when there are none. */
  public double at(double percent) {
    if (percent < 0 || percent > 100) {
      throw new IllegalArgumentException("A percentile is between 0 and 100, not " + percent);
    }
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }

  public double median() {
    return at(50);
  }

  public double max() {
    return sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1];
  }
}
