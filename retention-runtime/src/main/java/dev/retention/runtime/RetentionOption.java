package dev.retention.runtime;

import dev.retention.runtime.internal.config.Durations;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The options of a pass: their configuration keys, defaults, value types and limits.
 *
 * <p>Each option is set for every pass with {@code retention.defaults.<key>} or for one pass with
 * {@code retention.<pass name>.<key>}, or in code through {@link RetentionOptions}.
 */
public enum RetentionOption {
  ENABLED("enabled", Type.BOOLEAN, true, "Whether the pass is swept at all."),
  RETENTION("retention", Type.DURATION, null,
      "Overrides the annotation's window; a shorter window only for one pass, never as a default; rejected below"
          + " min-retention; never keeps every row. Unset: the annotation's expireAfterSeconds."),
  MIN_RETENTION("min-retention", Type.DURATION, Duration.ofHours(1),
      "The shortest retention override accepted, so that a typo like 0 cannot empty a table."),
  BATCH_SIZE("batch-size", Type.INTEGER, 500,
      "Rows deleted per batch (one transaction), unless batch-target is set alone: then the first batch's size. A"
          + " short batch ends the sweep once no expired row is left."),
  BATCH_TARGET("batch-target", Type.DURATION, null,
      "Sizes batches to take about this long (for example 25ms), unless batch-size is set too: batches grow while"
          + " faster and shrink when slower, failed or deadlocked, within 10 rows and the largest batch."
          + " Unset: every batch takes batch-size rows."),
  BATCH_DELAY("batch-delay", Type.DURATION, Duration.ZERO,
      "Pause between batches, leaving room to the workload that shares the database."),
  SWEEP_INTERVAL("sweep-interval", Type.DURATION, Duration.ofHours(1),
      "Longest wait between sweeps; the retention shortens it when smaller."),
  MAX_STARTUP_STAGGER("max-startup-stagger", Type.DURATION, Duration.ofMinutes(1),
      "Window the first sweep of each pass is spread across, by a hash of the pass name; zero starts all at once."),
  MAX_BATCHES_PER_SWEEP("max-batches-per-sweep", Type.INTEGER, 100,
      "Bound on one sweep; on reaching it the sweep yields and the pass sweeps again after the others waiting."),
  DRY_RUN("dry-run", Type.BOOLEAN, false,
      "Counts what would be deleted and finds the oldest expiry, deleting nothing."),
  BATCH_TIMEOUT("batch-timeout", Type.DURATION, Duration.ofSeconds(30),
      "Longest any statement of a sweep may run or wait for a lock another transaction holds; the sweep then fails,"
          + " is reported, and the pass retries later."),
  MAX_BATCHES_PER_SCOPE("max-batches-per-scope", Type.INTEGER, 10,
      "For a pass with a @TtlScope attribute: the batches one scope may take in one sweep, so that one large scope"
          + " cannot hold back the others, and the bound of an on-demand sweep of one scope."),
  SCOPE_SWEEP_BUDGET("scope-sweep-budget", Type.DURATION, Duration.ofMillis(200),
      "For a pass with a @TtlScope attribute: an on-demand sweep of one scope (sweep(pass, scope), on a request path"
          + " say) starts no batch after this long."),
  EPOCH_CHECK("epoch-check", Type.BOOLEAN, true,
      "For a @Ttl attribute that holds epoch time: before each sweep deletes or counts, its oldest and newest values"
          + " are read (two index probes), and a milliseconds column with a value before 1973 or a seconds column with"
          + " one after the year 5000 (the other unit, most likely) fails the sweep, every row kept; false turns the"
          + " check off.");

  /**
   * The largest batch size accepted. A batch's ids are bound as parameters of one statement: PostgreSQL's driver stops
   * at 65,535 parameters, and providers pad IN-lists up to the next power of two, so 10,000 ids (padded to 16,384)
   * leave room for composite ids of up to three columns.
   */
  public static final int MAX_BATCH_SIZE = 10_000;

  /**
   * The longest {@code retention} and {@code min-retention}: the largest window {@code @Ttl} accepts, 2,147,483,647
   * seconds (about 68 years). A longer override keeps nothing a 68-year window would not, and a much longer one
   * overflows the cutoff.
   */
  public static final Duration MAX_RETENTION = Duration.ofSeconds(Integer.MAX_VALUE);

  /** The longest {@code sweep-interval}: a year. A pass swept less often than yearly is not being swept. */
  public static final Duration MAX_SWEEP_INTERVAL = Duration.ofDays(365);

  /** The shortest {@code sweep-interval}: a second; more often is a loop, not a schedule. */
  public static final Duration MIN_SWEEP_INTERVAL = Duration.ofSeconds(1);

  /**
   * The longest {@code batch-delay}: an hour, the default interval. A longer pause between two batches stretches one
   * sweep beyond the schedule it belongs to.
   */
  public static final Duration MAX_BATCH_DELAY = Duration.ofHours(1);

  /**
   * The shortest {@code batch-timeout}: a second. JDBC query timeouts are whole seconds, and a driver may round a
   * shorter one down to zero, which means no timeout at all.
   */
  public static final Duration MIN_BATCH_TIMEOUT = Duration.ofSeconds(1);

  /** The longest {@code batch-timeout}: an hour. A statement waiting longer on a lock is stuck, not slow. */
  public static final Duration MAX_BATCH_TIMEOUT = Duration.ofHours(1);

  /** The longest {@code max-startup-stagger}: a day. Spreading first sweeps wider delays the first one by days. */
  public static final Duration MAX_MAX_STARTUP_STAGGER = Duration.ofDays(1);

  /**
   * The largest {@code max-batches-per-sweep}: 100,000, a billion rows per sweep at the largest batch size. It bounds
   * how long one sweep may hold its turn: at most (batches + 2) times the batch timeout, plus the delays.
   */
  public static final int MAX_MAX_BATCHES_PER_SWEEP = 100_000;

  /** The shortest {@code batch-target}: below it a batch's fixed cost (a transaction, a round trip) is most of it. */
  public static final Duration MIN_BATCH_TARGET = Duration.ofMillis(1);

  /** The longest {@code batch-target}: a batch holds the locks of its rows, and foreground writes wait, that long. */
  public static final Duration MAX_BATCH_TARGET = Duration.ofSeconds(10);

  /** The largest {@code max-batches-per-scope}: one scope's share of a sweep is at most a whole sweep. */
  public static final int MAX_MAX_BATCHES_PER_SCOPE = MAX_MAX_BATCHES_PER_SWEEP;

  /**
   * The longest {@code scope-sweep-budget}: a minute. An on-demand sweep runs in its caller's thread, often a
   * request's, which should not wait longer.
   */
  public static final Duration MAX_SCOPE_SWEEP_BUDGET = Duration.ofMinutes(1);

  /** How configuration writes {@link ScopeWindows#NEVER}, a window that keeps every row: {@value}. */
  public static final String NEVER = "never";

  /** The kind of value an option takes. */
  public enum Type { BOOLEAN, INTEGER, DURATION }

  private final String key;
  private final Type type;
  private final Object defaultValue;
  private final String description;

  RetentionOption(String key, Type type, Object defaultValue, String description) {
    this.key = key;
    this.type = type;
    this.defaultValue = defaultValue;
    this.description = description;
  }

  /** The key in configuration, such as {@code batch-size}. */
  public String key() {
    return key;
  }

  public Type type() {
    return type;
  }

  /** The built-in default; empty for {@link #RETENTION}, which defaults to the annotation's window. */
  public Optional<Object> defaultValue() {
    return Optional.ofNullable(defaultValue);
  }

  public String description() {
    return description;
  }

  /** The option with the configuration key {@code key}, if any. */
  public static Optional<RetentionOption> forKey(String key) {
    return Arrays.stream(values()).filter(option -> option.key.equals(key)).findFirst();
  }

  /**
   * Parses a configuration value.
   *
   * @throws IllegalArgumentException with a message that says what is accepted
   */
  public Object parse(String text) {
    String value = text.trim();
    return switch (type) {
      case BOOLEAN -> parseBoolean(value);
      case INTEGER -> parseInteger(value);
      case DURATION -> parseDuration(value);
    };
  }

  private Duration parseDuration(String value) {
    if (this == RETENTION && value.equalsIgnoreCase(NEVER)) {
      return ScopeWindows.NEVER;
    }
    try {
      return Durations.parse(value);
    } catch (Durations.TooLongException e) {
      throw new IllegalArgumentException("too long; " + allowedRange(), e);
    }
  }

  /**
   * The values this option accepts, as written in configuration: {@code "allowed: 1s to 1h"}. Every option but the
   * booleans has a lower and an upper bound, checked when the runtime is built.
   */
  public String allowedRange() {
    return switch (this) {
      case ENABLED, DRY_RUN, EPOCH_CHECK -> "allowed: true or false";
      case RETENTION -> "allowed: 0 to " + Durations.format(MAX_RETENTION)
          + " (the longest @Ttl window, about 68 years), or " + NEVER;
      case MIN_RETENTION -> "allowed: 0 to " + Durations.format(MAX_RETENTION)
          + " (the longest @Ttl window, about 68 years)";
      case BATCH_SIZE -> "allowed: 1 to " + MAX_BATCH_SIZE;
      case MAX_BATCHES_PER_SWEEP -> "allowed: 1 to " + MAX_MAX_BATCHES_PER_SWEEP;
      case MAX_BATCHES_PER_SCOPE -> "allowed: 1 to " + MAX_MAX_BATCHES_PER_SCOPE;
      case SCOPE_SWEEP_BUDGET -> "allowed: 0 to " + Durations.format(MAX_SCOPE_SWEEP_BUDGET)
          + " (0: one batch at most)";
      case BATCH_DELAY -> "allowed: 0 to " + Durations.format(MAX_BATCH_DELAY);
      case SWEEP_INTERVAL ->
          "allowed: " + Durations.format(MIN_SWEEP_INTERVAL) + " to " + Durations.format(MAX_SWEEP_INTERVAL);
      case MAX_STARTUP_STAGGER -> "allowed: 0 to " + Durations.format(MAX_MAX_STARTUP_STAGGER);
      case BATCH_TIMEOUT ->
          "allowed: " + Durations.format(MIN_BATCH_TIMEOUT) + " to " + Durations.format(MAX_BATCH_TIMEOUT);
      case BATCH_TARGET -> "allowed: " + Durations.format(MIN_BATCH_TARGET) + " to " + Durations.format(MAX_BATCH_TARGET)
          + " (a batch holds its rows' locks that long)";
    };
  }

  /** What is wrong with a value of this option taken on its own, if anything. */
  public Optional<String> problemWith(Object value) {
    return switch (this) {
      case BATCH_SIZE -> {
        int batchSize = (Integer) value;
        if (batchSize < 1) {
          yield Optional.of("must be at least 1");
        }
        yield batchSize > MAX_BATCH_SIZE
            ? Optional.of("must be at most " + MAX_BATCH_SIZE + ": a batch's ids are bound in one statement,"
                + " and databases limit bind parameters (PostgreSQL: 65,535)")
            : Optional.empty();
      }
      case MAX_BATCHES_PER_SWEEP -> countProblem((Integer) value, MAX_MAX_BATCHES_PER_SWEEP);
      case MAX_BATCHES_PER_SCOPE -> countProblem((Integer) value, MAX_MAX_BATCHES_PER_SCOPE);
      case SCOPE_SWEEP_BUDGET -> durationProblem((Duration) value, Duration.ZERO, MAX_SCOPE_SWEEP_BUDGET);
      case ENABLED, DRY_RUN, EPOCH_CHECK -> Optional.empty();
      case RETENTION -> ScopeWindows.NEVER.equals(value) ? Optional.empty()
          : durationProblem((Duration) value, Duration.ZERO, MAX_RETENTION);
      case MIN_RETENTION -> durationProblem((Duration) value, Duration.ZERO, MAX_RETENTION);
      case BATCH_DELAY -> durationProblem((Duration) value, Duration.ZERO, MAX_BATCH_DELAY);
      case SWEEP_INTERVAL -> durationProblem((Duration) value, MIN_SWEEP_INTERVAL, MAX_SWEEP_INTERVAL);
      case MAX_STARTUP_STAGGER -> durationProblem((Duration) value, Duration.ZERO, MAX_MAX_STARTUP_STAGGER);
      case BATCH_TIMEOUT -> durationProblem((Duration) value, MIN_BATCH_TIMEOUT, MAX_BATCH_TIMEOUT);
      case BATCH_TARGET -> durationProblem((Duration) value, MIN_BATCH_TARGET, MAX_BATCH_TARGET);
    };
  }

  private Optional<String> countProblem(int value, int max) {
    if (value < 1) {
      return Optional.of("must be at least 1");
    }
    return value > max ? Optional.of("must be at most " + max + "; " + allowedRange()) : Optional.empty();
  }

  private Optional<String> durationProblem(Duration value, Duration min, Duration max) {
    if (value.compareTo(min) < 0) {
      String reason = value.isNegative() ? "must not be negative"
          : value.isZero() ? "must be above zero"
          : "must be at least " + Durations.format(min);
      return Optional.of(reason + "; " + allowedRange());
    }
    return value.compareTo(max) > 0
        ? Optional.of("must be at most " + Durations.format(max) + "; " + allowedRange())
        : Optional.empty();
  }

  private static Boolean parseBoolean(String value) {
    String lower = value.toLowerCase(Locale.ROOT);
    if (lower.equals("true") || lower.equals("false")) {
      return Boolean.valueOf(lower);
    }
    throw new IllegalArgumentException("expected true or false");
  }

  private static Integer parseInteger(String value) {
    try {
      return Integer.valueOf(value.replace("_", ""));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("expected a whole number", e);
    }
  }

  /** The value as it is written in configuration. */
  public String format(Object value) {
    return type == Type.DURATION ? Durations.format((Duration) value) : String.valueOf(value);
  }

  @Override
  public String toString() {
    return key;
  }
}
