package dev.retention.benchmarks.locks;

import dev.retention.benchmarks.database.StatementCounter;
import dev.retention.benchmarks.model.LockRow;
import dev.retention.benchmarks.model.TextLockRow;
import dev.retention.it.support.DatabaseUnavailableException;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.ScratchDatabase;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code --modes=locks} (issue 30's keys): Spring Integration's {@code INT_LOCK}, a composite {@code @EmbeddedId}
 * table, and the same table with a single text key ({@code --lock-keys=composite,text}), half its locks expired,
 * drained by the runtime's default sweep ({@code sweep-default}: {@code batch-delay} 0, no start-up stagger, enough
 * batches to drain in one sweep), the same on the portable JPQL ({@code sweep-portable}), the candidate statement
 * shapes by hand ({@link HandStatements}), and the library's own cleanup, {@code delete from INT_LOCK where
 * CREATED_DATE < ?} in one transaction ({@code spring-delete}); without and with an index on {@code CREATED_DATE}, on
 * PostgreSQL and MariaDB, the strategies' order rotating from repeat to repeat. The sweep's time leaves the runtime's
 * build out.
 */
public final class LockSuite {

  private static final LocalDateTime CUTOFF = LocalDateTime.parse("2030-01-01T00:00:00");
  private static final Duration TIME_TO_LIVE = Duration.ofSeconds(10);
  /** The strategies of a run when none are named: the default sweep and the library's cleanup. */
  public static final List<String> DEFAULT_STRATEGIES = List.of("sweep-default", "spring-delete");
  /** Every strategy {@code --lock-strategies} may name. */
  public static final List<String> ALL_STRATEGIES = List.of("sweep-default", "sweep-portable", "spring-delete",
      "sql-portable", "sql-skip-locked", "sql-order-limit", "sql-range");

  private final long locks;
  private final List<LockKeys> keyShapes;
  private final List<String> strategies;
  private final int repeats;
  /** The lock table's own writes a second during each drain ({@link LockWriter}); 0: none. */
  private final int writes;
  private final boolean requireServers;
  private final Path out;
  private final PrintStream print;
  /** Per database, key and index, per strategy, the seconds of each repeat. */
  private final Map<String, Map<String, List<Double>>> seconds = new LinkedHashMap<>();
  private final Map<String, String> shapes = new LinkedHashMap<>();
  /** Per database, key, index and strategy, the writer's longest write of each repeat, in ms. */
  private final Map<String, List<Double>> longestWrite = new LinkedHashMap<>();
  /** Per database, key, index and strategy, the statements of its last repeat. */
  private final Map<String, String> statements = new LinkedHashMap<>();
  private final List<String> csv = new ArrayList<>(
      List.of("database,key,index,repeat,strategy,locks,deleted,batches,statements,seconds,shape,writer_max_ms"));

  /**
   * @param keyShapes {@code composite}, {@code text}: the tables to drain
   * @param strategies what drains them, from {@link #ALL_STRATEGIES}
   */
  public LockSuite(long locks, List<String> keyShapes, List<String> strategies, int repeats, int writes,
      boolean requireServers, Path out, PrintStream print) {
    for (String strategy : strategies) {
      if (!ALL_STRATEGIES.contains(strategy)) {
        throw new IllegalArgumentException("No lock strategy '" + strategy + "' (" + ALL_STRATEGIES + ")");
      }
    }
    this.locks = locks;
    this.keyShapes = keyShapes.stream().map(LockKeys::parse).toList();
    this.strategies = List.copyOf(strategies);
    this.writes = writes;
    this.repeats = repeats;
    this.requireServers = requireServers;
    this.out = out;
    this.print = print;
  }

  public void run(List<TestDatabase.Kind> kinds) throws SQLException, IOException {
    for (TestDatabase.Kind kind : kinds) {
      if (kind != TestDatabase.Kind.H2) {
        run(kind);
      }
    }
    printSummary();
    Files.write(out.resolve("locks.csv"), csv);
  }

  private void run(TestDatabase.Kind kind) throws SQLException {
    ScratchDatabase database;
    try {
      database = ScratchDatabase.createOnDisk(kind, "retention_bench_", 0);
    } catch (DatabaseUnavailableException e) {
      if (requireServers) {
        throw new IllegalStateException(e.getMessage() + " (--require-servers=true)", e);
      }
      print.println("[skipped] " + kind.label() + ": " + e.getMessage());
      return;
    }
    try (database) {
      EntityManagerFactory emf = Jpa.factory(database, List.of(LockRow.class, TextLockRow.class),
          Map.of("jakarta.persistence.jdbc.url", StatementCounter.url(database.url())));
      try {
        List<String> here = strategies.stream().filter(strategy -> HandStatements.runsOn(strategy, kind)).toList();
        // Repeat 0 warms up the JIT and the factory's query plans; its figures are printed only.
        for (int repeat = 0; repeat <= repeats; repeat++) {
          for (LockKeys keys : keyShapes) {
            LockTables tables = new LockTables(database, keys, CUTOFF);
            for (boolean indexed : new boolean[] {false, true}) {
              tables.index(indexed);
              // Each repeat starts one strategy later, so that a stall of the machine falls on each alike.
              for (int i = 0; i < here.size(); i++) {
                measure(database, emf, tables, keys, indexed, here.get((i + repeat) % here.size()), repeat);
              }
            }
            tables.index(true);
          }
        }
      } finally {
        emf.close();
      }
    }
  }

  private void measure(ScratchDatabase database, EntityManagerFactory emf, LockTables tables, LockKeys keys,
      boolean indexed, String strategy, int repeat) throws SQLException {
    long expired = locks / 2;
    String index = indexed ? "indexed" : "no index";
    String tag = "[" + database.kind().key() + " locks " + keys.key + " key, " + index + " #" + repeat + "] ";
    Duration load = tables.reload(locks, expired);
    print.printf(Locale.ROOT, "%sloaded %,d locks in %d regions (%,d expired) in %.1f s%n", tag, locks,
        LockTables.REGIONS, expired, load.toNanos() / 1e9);
    LockWriter writer = new LockWriter(database, keys, CUTOFF, locks, expired, writes);
    Thread writing = new Thread(writer, "lock-writer");
    if (writes > 0) {
      writing.start();
    }
    Outcome outcome;
    try {
      outcome = switch (strategy) {
        case "sweep-default" -> sweep(emf, keys, expired, tag, false);
        case "sweep-portable" -> sweep(emf, keys, expired, tag, true);
        case "spring-delete" -> springDelete(database, tables);
        default -> handWritten(database, keys, strategy);
      };
    } finally {
      writer.stop();
      if (writes > 0) {
        try {
          writing.join();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException(tag + "interrupted waiting for the lock writer", e);
        }
      }
    }
    LockTables.Counts left = tables.counts();
    if (left.expired() != 0 || left.locks() != locks - expired + writer.inserted()) {
      throw new IllegalStateException(tag + strategy + " left " + left + ", expected " + (locks - expired
          + writer.inserted()) + " locks (" + writer.inserted() + " written during the drain), none expired");
    }
    if (writes > 0) {
      print.printf(Locale.ROOT, "%s%s: the writer's %,d writes, %d failed, longest %.1f ms%n", tag, strategy,
          writer.writes(), writer.failures(), writer.longestMillis());
    }
    print.printf(Locale.ROOT, "%s%s: %,d locks in %.3f s, %,d batches, %,d statements%s%s%n", tag, strategy,
        outcome.deleted(), outcome.seconds(), outcome.batches(), outcome.statements(),
        outcome.shape().isEmpty() ? "" : ", shape " + outcome.shape(), repeat == 0 ? " (warm-up)" : "");
    if (repeat == 0) {
      return;
    }
    String key = database.kind().key() + "," + keys.key + "," + index;
    seconds.computeIfAbsent(key, k -> new LinkedHashMap<>()).computeIfAbsent(strategy, k -> new ArrayList<>())
        .add(outcome.seconds());
    longestWrite.computeIfAbsent(key + "," + strategy, k -> new ArrayList<>()).add(writer.longestMillis());
    if (strategy.equals("sweep-default")) {
      shapes.put(key, outcome.shape());
    }
    statements.put(key + "," + strategy, String.format(Locale.ROOT, "%,d", outcome.statements()));
    csv.add(String.format(Locale.ROOT, "%s,%d,%s,%d,%d,%d,%d,%.4f,%s,%.1f", key, repeat, strategy, locks,
        outcome.deleted(), outcome.batches(), outcome.statements(), outcome.seconds(), outcome.shape(),
        writer.longestMillis()));
  }

  private record Outcome(long deleted, int batches, long statements, double seconds, String shape) {}

  private static Outcome sweep(EntityManagerFactory emf, LockKeys keys, long expired, String tag, boolean portable) {
    String pass = keys.entity.getName();
    RetentionOptions defaults = RetentionOptions.empty();
    // Sized batches (the default) may be small: a batch deletes at least one row or ends the sweep.
    long batchesToDrain = expired + 2;
    RetentionOptions options = defaults
        .withBatchDelay(Duration.ZERO)
        .withMaxStartupStagger(Duration.ZERO)
        .withMaxBatchesPerSweep((int) Math.min(
            (Integer) RetentionOption.MAX_BATCHES_PER_SWEEP.upperBound().orElseThrow(), batchesToDrain));
    long built = System.nanoTime();
    try (RetentionRuntime runtime = RetentionRuntime.builder(emf)
        .clock(Clock.fixed(CUTOFF.plus(TIME_TO_LIVE).toInstant(ZoneOffset.UTC), ZoneOffset.UTC))
        .zone(ZoneOffset.UTC)
        .defaults(options)
        .portableStatements(portable)
        .build()) {
      String shape = runtime.settings(pass).statementShape().name();
      long statements = StatementCounter.executed();
      long start = System.nanoTime();
      SweepReport report = runtime.sweep(pass);
      double seconds = (System.nanoTime() - start) / 1e9;
      System.out.printf(Locale.ROOT, "%s%s: build %.1f ms%n", tag, portable ? "sweep-portable" : "sweep-default",
          (start - built) / 1e6);
      if (report.failure().isPresent()) {
        throw new IllegalStateException("The lock sweep failed: " + report, report.failure().get());
      }
      if (report.workRemains()) {
        throw new IllegalStateException("The lock sweep stopped before draining: " + report);
      }
      return new Outcome(report.deleted(), report.batches(), StatementCounter.executed() - statements, seconds, shape);
    }
  }

  /** Spring Integration's cleanup statement, unbounded, in one transaction. */
  private static Outcome springDelete(ScratchDatabase database, LockTables tables) throws SQLException {
    long start = System.nanoTime();
    try (Connection connection = database.connect(); PreparedStatement delete = connection.prepareStatement(
        "delete from " + tables.table() + " where CREATED_DATE < ?")) {
      connection.setAutoCommit(false);
      delete.setObject(1, tables.cutoff());
      int deleted = delete.executeUpdate();
      connection.commit();
      return new Outcome(deleted, 1, 1, (System.nanoTime() - start) / 1e9, "");
    }
  }

  /** A candidate statement shape, by hand over JDBC. */
  private static Outcome handWritten(ScratchDatabase database, LockKeys keys, String strategy) throws SQLException {
    long start = System.nanoTime();
    HandStatements.Drain drain = new HandStatements(database, keys, CUTOFF).drain(strategy);
    return new Outcome(drain.deleted(), drain.batches(), drain.statements(), (System.nanoTime() - start) / 1e9, "");
  }

  private void printSummary() {
    if (seconds.isEmpty()) {
      return;
    }
    print.println();
    print.printf(Locale.ROOT, "INT_LOCK, %,d locks in %d regions, half expired; medians of %d repeats%n", locks,
        LockTables.REGIONS, repeats);
    print.println("Seconds, and the ratio to Spring's DELETE in the same run; target: the default sweep <= 2x");
    print.println("| database | key | CREATED_DATE | strategy | s | x DELETE | statements | writer max ms | target |");
    print.println("| --- | --- | --- | --- | ---: | ---: | ---: | ---: | --- |");
    seconds.forEach((key, byStrategy) -> {
      List<Double> anchor = byStrategy.get("spring-delete");
      String[] parts = key.split(",");
      byStrategy.forEach((strategy, values) -> {
        double median = median(values);
        String ratio = anchor == null ? "" : String.format(Locale.ROOT, "%.1fx", median / median(anchor));
        String target = !strategy.equals("sweep-default") || anchor == null ? ""
            : (median / median(anchor) <= 2 ? "met" : "MISSED") + " (" + shapes.getOrDefault(key, "?") + ")";
        String writer = writes == 0 ? "" : String.format(Locale.ROOT, "%.1f",
            median(longestWrite.get(key + "," + strategy)));
        print.printf(Locale.ROOT, "| %s | %s | %s | %s | %.3f | %s | %s | %s | %s |%n", parts[0], parts[1], parts[2],
            strategy, median, ratio, statements.getOrDefault(key + "," + strategy, ""), writer, target);
      });
    });
  }

  private static double median(List<Double> values) {
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int middle = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }
}
