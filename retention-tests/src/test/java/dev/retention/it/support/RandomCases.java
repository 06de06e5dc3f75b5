package dev.retention.it.support;

import java.time.Duration;
import java.time.Instant;
import java.util.Random;
import java.util.function.Consumer;

/**
 * The loop every invariant suite runs: random cases drawn from one generator, whose seed a failure names so that
 * {@code -Dinvariant.seed=<n>} replays the run, case for case.
 *
 * <p>Which seed ({@link #seed(String)}): the README's test command runs each suite's fixed seed, the same cases on every
 * machine and every run, so a gate never fails by chance; {@code -Dinvariant.seed=random} draws a fresh one, which is
 * how {@code .ci/random-seeds} looks for new failures for as long as one likes, printing each failing seed.
 *
 * <p>How many cases: {@code -Dinvariant.<suite>.cases=<n>} for one suite, else {@code -Dinvariant.cases=<n>}, else
 * {@value #DEFAULT_CASES} per database. The provider modules run fewer, so that CI stays short; the main module runs
 * the default.
 */
public final class RandomCases {

  /** Cases per database when no property says otherwise: what issue 15 asks of each feature, at least. */
  public static final int DEFAULT_CASES = 1_000;

  private RandomCases() {}

  /**
   * Runs the suite's cases on {@code database}, stopping at the first that fails with an error naming it.
   *
   * @param suite the suite's short name in {@code -Dinvariant.<suite>.cases}
   * @param database where the cases run, for the failure's message
   * @param oneCase one case: draws what it needs from the generator, sets it up, sweeps and asserts
   */
  public static void run(String suite, Object database, Consumer<Random> oneCase) {
    run(suite, database, DEFAULT_CASES, oneCase);
  }

  /**
   * As {@link #run(String, Object, Consumer)}, with {@code defaultCases} when no property sets the count: for a suite
   * whose every case builds a table of its own.
   */
  public static void run(String suite, Object database, int defaultCases, Consumer<Random> oneCase) {
    long seed = seed(suite);
    int cases = Integer.getInteger("invariant." + suite + ".cases", Integer.getInteger("invariant.cases",
        defaultCases));
    Random random = new Random(seed);
    for (int number = 1; number <= cases; number++) {
      try {
        oneCase.accept(random);
      } catch (AssertionError | RuntimeException e) {
        throw new AssertionError("case " + number + " of " + cases + " of the run with -Dinvariant.seed=" + seed
            + " failed on " + database + ": " + e.getMessage(), e);
      }
    }
  }

  /**
   * A row's date for a case whose cutoff is {@code cutoff}: null, on the cutoff, a millisecond either side of it, far in
   * the past, far ahead, or within {@code spread} of it, each as likely.
   */
  public static Instant dateAround(Random random, Instant cutoff, Duration spread) {
    long spreadMillis = spread.toMillis();
    return switch (random.nextInt(7)) {
      case 0 -> null;
      case 1 -> cutoff;
      case 2 -> cutoff.plusMillis(1);
      case 3 -> cutoff.minusMillis(1);
      case 4 -> Instant.parse("1971-01-01T00:00:00Z").plusSeconds(random.nextInt(1_000_000));
      // Far ahead, but before 2038: EclipseLink maps an Instant to MariaDB's TIMESTAMP, which ends there.
      case 5 -> Instant.parse("2037-06-01T00:00:00Z").plusSeconds(random.nextInt(1_000_000));
      default -> cutoff.plusMillis(random.nextLong(2 * spreadMillis) - spreadMillis);
    };
  }

  /**
   * The seed of {@code suite}'s run: {@code -Dinvariant.seed=<n>} replays a run; {@code -Dinvariant.seed=random} draws a
   * fresh seed; without either, the suite's own fixed seed (a hash of its name), so that the gate is deterministic.
   */
  public static long seed(String suite) {
    String given = System.getProperty("invariant.seed", "").strip();
    if (given.isEmpty()) {
      return fixedSeed(suite);
    }
    if (given.equals("random")) {
      return System.nanoTime();
    }
    try {
      return Long.parseLong(given);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("-Dinvariant.seed=" + given + ": a number replays a run, 'random' draws a"
          + " fresh seed, and no value runs the suite's fixed seed", e);
    }
  }

  /** A suite's fixed seed: FNV-1a (64-bit) of its name, so suites draw different cases but each the same every time. */
  static long fixedSeed(String suite) {
    long hash = 0xcbf29ce484222325L;
    for (byte b : suite.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
      hash = (hash ^ (b & 0xff)) * 0x100000001b3L;
    }
    return hash & Long.MAX_VALUE;
  }

  /** How many cases {@code suite} runs. */
  public static int cases(String suite) {
    return Integer.getInteger("invariant." + suite + ".cases", Integer.getInteger("invariant.cases", DEFAULT_CASES));
  }
}
