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
  ENABLED("enabled", Type.BOOLEAN, true, null, "Whether the pass is swept at all."),
  RETENTION("retention", Type.DURATION, null,
      // The largest window @Ttl accepts (about 68 years): a longer override keeps nothing a 68-year window would not,
      // and a much longer one overflows the cutoff. "never" is allowed besides.
      Bounds.of(Duration.ZERO, Duration.ofSeconds(Integer.MAX_VALUE), " (the longest @Ttl window, about 68 years), or "
          + RetentionOption.NEVER),
      "Overrides the annotation's window; a shorter window only for one pass, never as a default; rejected below"
          + " min-retention; never keeps every row. Unset: the annotation's expireAfterSeconds."),
  MIN_RETENTION("min-retention", Type.DURATION, Duration.ofHours(1),
      Bounds.of(Duration.ZERO, Duration.ofSeconds(Integer.MAX_VALUE), " (the longest @Ttl window, about 68 years)"),
      "The shortest retention override accepted, so that a typo like 0 cannot empty a table."),
  BATCH_SIZE("batch-size", Type.INTEGER, 500,
      // A batch holds its rows' locks in one transaction, and larger batches gained nothing measured here.
      Bounds.of(1, 10_000, ""),
      "The first batch's size; set explicitly, nearer the pass than batch-target (its own against a default, or"
          + " configuration against code), the size of every batch (one transaction), which batch-target then no"
          + " longer sizes; both set in one place fail the build. A short batch ends the sweep once no expired row is"
          + " left."),
  // 25 ms by default: sized batches deleted 2.4 to 2.5 times the rows a second of fixed 500 on PostgreSQL, 1.6 to 2.2
  // times on MariaDB and 1.1 times on H2, foreground writes no slower on the servers (docs/PERFORMANCE.md, run L);
  // about half the 50 ms a foreground write may wait.
  BATCH_TARGET("batch-target", Type.DURATION, Duration.ofMillis(25),
      // Below a millisecond a batch's fixed cost (a transaction, a round trip) is most of it; above ten seconds the
      // foreground writes waiting on its rows' locks wait that long.
      Bounds.of(Duration.ofMillis(1), Duration.ofSeconds(10), " (a batch holds its rows' locks that long)"),
      "Sizes batches to take about this long, unless batch-size is set nearer the pass: batches grow while faster"
          + " and shrink when slower twice in a row, failed or deadlocked, within 10 rows and the largest batch. Must"
          + " be below batch-timeout."),
  BATCH_DELAY("batch-delay", Type.DURATION, Duration.ZERO,
      // An hour, the default interval: a longer pause stretches one sweep beyond the schedule it belongs to.
      Bounds.of(Duration.ZERO, Duration.ofHours(1), ""),
      "Pause between batches, leaving room to the workload that shares the database."),
  SWEEP_INTERVAL("sweep-interval", Type.DURATION, Duration.ofHours(1),
      // More often than a second is a loop, not a schedule; a pass swept less often than yearly is not being swept.
      Bounds.of(Duration.ofSeconds(1), Duration.ofDays(365), ""),
      "Longest wait between sweeps; the retention shortens it when smaller."),
  MAX_STARTUP_STAGGER("max-startup-stagger", Type.DURATION, Duration.ofMinutes(1),
      // Spreading first sweeps wider than a day delays the first one by days.
      Bounds.of(Duration.ZERO, Duration.ofDays(1), ""),
      "Window the first sweep of each pass is spread across, by a hash of the pass name; zero starts all at once."),
  MAX_BATCHES_PER_SWEEP("max-batches-per-sweep", Type.INTEGER, 100,
      // A billion rows per sweep at the largest batch size; it bounds how long one sweep may hold its turn, at most
      // (batches + 2) times the batch timeout, plus the delays.
      Bounds.of(1, 100_000, ""),
      "Bound on one sweep; on reaching it the sweep yields and the pass sweeps again after the others waiting."),
  DRY_RUN("dry-run", Type.BOOLEAN, false, null,
      "Counts what would be deleted and finds the oldest expiry, deleting nothing."),
  BATCH_TIMEOUT("batch-timeout", Type.DURATION, Duration.ofSeconds(30),
      // JDBC query timeouts are whole seconds (a driver may round a shorter one down to zero, no timeout at all); a
      // statement waiting longer than an hour on a lock is stuck, not slow.
      Bounds.of(Duration.ofSeconds(1), Duration.ofHours(1), ""),
      "Longest any statement of a sweep may run or wait for a lock another transaction holds; the sweep then fails,"
          + " is reported, and the pass retries later."),
  MAX_BATCHES_PER_SCOPE("max-batches-per-scope", Type.INTEGER, 10,
      // One scope's share of a sweep is at most a whole sweep.
      Bounds.of(1, 100_000, ""),
      "For a pass with a @TtlScope attribute: the batches one scope may take in one sweep, so that one large scope"
          + " cannot hold back the others, and the bound of an on-demand sweep of one scope."),
  SCOPE_SWEEP_BUDGET("scope-sweep-budget", Type.DURATION, Duration.ofMillis(200),
      // An on-demand sweep runs in its caller's thread, often a request's, which should not wait longer than a minute.
      Bounds.of(Duration.ZERO, Duration.ofMinutes(1), " (0: one batch at most)"),
      "For a pass with a @TtlScope attribute: an on-demand sweep of one scope (sweep(pass, scope), on a request path"
          + " say) starts no batch after this long."),
  EPOCH_CHECK("epoch-check", Type.BOOLEAN, true, null,
      "For a @Ttl attribute that holds epoch time: before each sweep deletes or counts, its oldest and newest values"
          + " are read (two index probes); a milliseconds value before 1973 or any value after the year 5000 (the"
          + " other unit, most likely) keeps its row, set aside and counted in the sweep's report, and the other rows"
          + " go. false takes every value as declared."),
  EXPIRED_PARTITIONS("expired-partitions", Type.CHOICE, ExpiredPartitions.ROWS.key(), null,
      "For a table partitioned by RANGE on the @Ttl column alone (PostgreSQL, MariaDB): rows deletes every expired row"
          + " by batches; drop drops each partition whose whole range is expired (PostgreSQL: DETACH PARTITION"
          + " CONCURRENTLY, then DROP TABLE; MariaDB: DROP PARTITION) before the batches delete the rest; detach"
          + " detaches it and keeps it as a table of its own. Needs the DDL privilege; the start line says per pass"
          + " whether it applies and why not."),
  // Pacing by the database's health (internal/pacing): replicas, synchronous standbys, a ceiling on the rate.
  MAX_REPLICA_LAG("max-replica-lag", Type.DURATION, Duration.ZERO,
      // An hour behind is a replica out of service, not one being paced.
      Bounds.of(Duration.ZERO, Duration.ofHours(1), " (0: not checked)"),
      "The most a replica may be behind in time before no batch starts: PostgreSQL's replay_lag of each standby the"
          + " primary sees, MariaDB and MySQL's Seconds_Behind_Master of each replica given to the builder; 0 checks"
          + " no time."),
  MAX_REPLICA_LAG_MB("max-replica-lag-mb", Type.INTEGER, 0,
      // A terabyte of WAL behind is a standby being rebuilt, not one being paced.
      Bounds.of(0, 1_048_576, " (0: not checked)"),
      "PostgreSQL: the most WAL, in megabytes, a standby may still have to replay (its replay position behind the"
          + " primary's, or an inactive physical slot's restart position) before no batch starts; 0 checks no bytes."),
  MAX_HOLD_PER_SWEEP("max-hold-per-sweep", Type.DURATION, Duration.ofMinutes(1),
      // A sweep holds its thread while it waits: longer than an hour is a sweep stuck, not paced.
      Bounds.of(Duration.ZERO, Duration.ofHours(1), " (0: a held sweep ends at once)"),
      "The longest one sweep waits for a replica behind its limit or a throttle saying hold; it then ends with work"
          + " remaining, and the pass sweeps again later. An on-demand sweep waits within its own budget."),
  SYNCHRONOUS_COMMIT("synchronous-commit", Type.CHOICE, SynchronousCommit.AUTO.key(), null,
      "PostgreSQL: auto commits batches without waiting for the WAL flush (synchronous_commit off) unless the server"
          + " names synchronous standbys (synchronous_standby_names), where each batch keeps the server's setting;"
          + " server always keeps the server's setting."),
  MAX_ROWS_PER_SECOND("max-rows-per-second", Type.INTEGER, 0,
      Bounds.of(0, 10_000_000, " (0: no limit)"),
      "A ceiling on the rows a pass deletes a second: the next batch starts only once the last one's rows fit under"
          + " it; the wait is not batch time. 0: no limit. Can be changed at run time (maxRowsPerSecond).");

  /** How configuration writes {@link ScopeWindows#NEVER}, a window that keeps every row: {@value}. */
  public static final String NEVER = "never";

  /** The kind of value an option takes; a {@code CHOICE} is one of a few words, held as a {@code String}. */
  public enum Type { BOOLEAN, INTEGER, DURATION, CHOICE }

  /** The values of {@link #EXPIRED_PARTITIONS}: what becomes of a partition whose whole range is expired. */
  public enum ExpiredPartitions {
    /** Its rows go by batches, like every other row: no DDL. */
    ROWS,
    /** It is detached and dropped, all its rows at once. */
    DROP,
    /** It is detached and kept as a table of its own (to archive, say); its rows leave the entity's table. */
    DETACH;

    /** The word configuration writes: {@code rows}, {@code drop} or {@code detach}. */
    public String key() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** The value {@code key} names, if any. */
    public static Optional<ExpiredPartitions> forKey(String key) {
      return Arrays.stream(values()).filter(value -> value.key().equals(key)).findFirst();
    }
  }

  /** The values of {@link #SYNCHRONOUS_COMMIT}: whether a batch's commit waits as the server says. */
  public enum SynchronousCommit {
    /** Off, unless the server names synchronous standbys: then the server's setting. */
    AUTO,
    /** Always the server's setting. */
    SERVER;

    /** The word configuration writes: {@code auto} or {@code server}. */
    public String key() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** The value {@code key} names, if any. */
    public static Optional<SynchronousCommit> forKey(String key) {
      return Arrays.stream(values()).filter(value -> value.key().equals(key)).findFirst();
    }
  }

  /**
   * The values an option accepts, both ends included: the one place each limit is written.
   *
   * @param lower the smallest value, an {@code Integer} or a {@code Duration}
   * @param upper the largest value, of the same type
   * @param note what the allowed range adds in words, or nothing
   */
  private record Bounds(Comparable<?> lower, Comparable<?> upper, String note) {
    static Bounds of(Comparable<?> lower, Comparable<?> upper, String note) {
      return new Bounds(lower, upper, note);
    }
  }

  private final String key;
  private final Type type;
  private final Object defaultValue;
  /** Null for a boolean or a choice, which have no bounds. */
  private final Bounds bounds;
  private final String description;

  RetentionOption(String key, Type type, Object defaultValue, Bounds bounds, String description) {
    this.key = key;
    this.type = type;
    this.defaultValue = defaultValue;
    this.bounds = bounds;
    this.description = description;
  }

  /** The smallest value accepted, an {@code Integer} or a {@code Duration}; empty for a boolean or a choice. */
  public Optional<Object> lowerBound() {
    return Optional.ofNullable(bounds).map(Bounds::lower);
  }

  /** The largest value accepted, an {@code Integer} or a {@code Duration}; empty for a boolean or a choice. */
  public Optional<Object> upperBound() {
    return Optional.ofNullable(bounds).map(Bounds::upper);
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
      case CHOICE -> parseChoice(value);
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
    if (type == Type.CHOICE) {
      return "allowed: " + String.join(", ", choices());
    }
    if (bounds == null) {
      return "allowed: true or false";
    }
    return "allowed: " + format(bounds.lower()) + " to " + format(bounds.upper()) + bounds.note();
  }

  /** What is wrong with a value of this option taken on its own, if anything. */
  public Optional<String> problemWith(Object value) {
    if (type == Type.CHOICE) {
      return choices().contains(value) ? Optional.empty()
          : Optional.of("is not one of the allowed values; " + allowedRange());
    }
    if (bounds == null || this == RETENTION && ScopeWindows.NEVER.equals(value)) {
      return Optional.empty();
    }
    if (type == Type.INTEGER) {
      int number = (Integer) value;
      if (number < (Integer) bounds.lower()) {
        return Optional.of("must be at least " + bounds.lower());
      }
      return number > (Integer) bounds.upper()
          ? Optional.of("must be at most " + bounds.upper() + "; " + allowedRange())
          : Optional.empty();
    }
    Duration duration = (Duration) value;
    Duration min = (Duration) bounds.lower();
    if (duration.compareTo(min) < 0) {
      String reason = duration.isNegative() ? "must not be negative"
          : duration.isZero() ? "must be above zero"
          : "must be at least " + Durations.format(min);
      return Optional.of(reason + "; " + allowedRange());
    }
    return duration.compareTo((Duration) bounds.upper()) > 0
        ? Optional.of("must be at most " + format(bounds.upper()) + "; " + allowedRange())
        : Optional.empty();
  }

  private String parseChoice(String value) {
    String lower = value.toLowerCase(Locale.ROOT);
    if (choices().contains(lower)) {
      return lower;
    }
    throw new IllegalArgumentException("expected " + String.join(", ", choices()));
  }

  /** The words a {@code CHOICE} option accepts, in order; empty for the other types. */
  public java.util.List<String> choices() {
    return switch (this) {
      case EXPIRED_PARTITIONS -> Arrays.stream(ExpiredPartitions.values()).map(ExpiredPartitions::key).toList();
      case SYNCHRONOUS_COMMIT -> Arrays.stream(SynchronousCommit.values()).map(SynchronousCommit::key).toList();
      default -> java.util.List.of();
    };
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
