package dev.retention.benchmarks;

import dev.retention.it.support.TestDatabase;
import dev.retention.benchmarks.database.Layout;
import dev.retention.benchmarks.suite.PartitionSuite;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What one run measures, from the command line: a preset ({@code full}, the default, or {@code smoke}) and
 * {@code --name=value} overrides.
 */
public record BenchmarkOptions(
    Set<Mode> modes,
    List<TestDatabase.Kind> databases,
    long rows,
    int expiredPercent,
    List<Layout> layouts,
    List<String> strategies,
    List<Long> sessions,
    int foregroundRate,
    int idleSweeps,
    long memoryRows,
    String memoryHeap,
    int compileEntities,
    int compileRuns,
    List<String> compilers,
    int h2CacheKilobytes,
    boolean requireServers,
    boolean printTargets,
    long partitionRows,
    int partitionDays,
    List<String> partitionMethods,
    int tenants,
    boolean scopeDateIndex,
    long locks,
    List<String> lockKeys,
    List<String> lockStrategies,
    int lockWrites,
    int repeats,
    int drainRepeats,
    int replicaLimitMb,
    int replicaReplayMillis,
    int heldSeconds,
    int tenantSchemas,
    Path out) {

  /** The parts of a run. */
  public enum Mode {
    /** Each strategy drains the same backlog, with the foreground load running. */
    DRAIN,
    /** Sweeps of a loaded table with nothing expired. */
    IDLE,
    /** A large backlog drained by the default sweep in a relaunched JVM with a small heap. */
    MEMORY,
    /** A generated module compiled with and without the processor. */
    COMPILE,
    /** PostgreSQL, a table partitioned by day: expired partitions dropped against deleting their rows. */
    PARTITIONS,
    /** The Spring Session-shaped tables (string key, epoch milliseconds, cascaded attributes), on the servers. */
    SESSIONS,
    /** A multi-tenant table with a {@code @TtlScope}: drains, idle sweeps and a per-tenant DELETE, with statements. */
    SCOPES,
    /**
     * Spring Integration's composite-key {@code INT_LOCK} and the same table with a text key: the default sweep, the
     * portable JPQL and candidate statements by hand against the library's own cleanup, a writer on the table.
     */
    LOCKS,
    /**
     * PostgreSQL, a private primary and a streaming replica slowed by pausing its replay on a schedule: the replica's lag
     * during a drain with the replica gate off and at {@code --replica-limit-mb}, and the replica's own replay time.
     */
    REPLICAS,
    /** One expired row held by another transaction while the background sweeps run: sweeps and statements a second. */
    HELD,
    /** The application's live query of every tenant's rows ({@code RetentionPolicy}) at {@code --tenants}: its time. */
    POLICY,
    /** A table of {@code --rows} rows whose condition reads a to-one, drained at the defaults: each batch's time. */
    CONDITIONS,
    /**
     * Tenants Hibernate keeps apart: {@code --tenant-schemas} schemas (PostgreSQL) or databases (MariaDB) of one
     * server, and {@code --tenants} values of a {@code @TenantId} column: the statements and time of an idle round and
     * of a drain round, and a sign-in sweep of one tenant while a background round runs.
     */
    TENANTS;

    static Mode parse(String key) {
      return valueOf(key.trim().toUpperCase(Locale.ROOT));
    }
  }

  static final String USAGE = """
      Usage: java -jar retention-benchmarks.jar [full|smoke] [--name=value ...]

      Presets:
        full    1,000,000 rows (50% expired) per layout on H2, PostgreSQL and MariaDB; 2,000,000-row backlog
                under -Xmx64m; 200 entities compiled without a processor, with Retention's and with
                hibernate-processor (the anchor). Tens of minutes.
        smoke   20,000 rows; the same steps at toy sizes (compile: 20 entities, in-process javac only), under a
                minute. The figures mean nothing.

      Overrides:
        --modes=drain,idle,memory,compile,sessions,scopes,locks,partitions,replicas,held,policy,conditions,tenants
                                            parts to run
                                            (conditions: --rows drafts, every one expired, whose condition reads
                                            their club through a @ManyToOne, drained at the defaults; not in the
                                            presets' modes)
        --databases=h2,postgresql,mariadb   a server that does not answer is skipped with a message
        --rows=N --expired-percent=P        the table of each drain
        --layouts=ordered,scattered
        --strategies=sweep-auto,sweep-500,sweep-1000,sweep-5000,sweep-10000,unbounded-delete,remove-loop
                                            sweep-N: a fixed batch-size N; sweep-auto: batch-target
                                            25ms (the default); portable-auto/portable-N: generated JPQL only
        --sessions=N,N                      sessions of the Spring Session-shaped layout (half expired, five
                                            cascaded attributes each): the default sweep, the portable JPQL and
                                            one unbounded delete at each count, on PostgreSQL and MariaDB
        --foreground-rate=N                 foreground writes per second during drains (0: none)
        --idle-sweeps=N                     measured idle sweeps per layout
        --memory-rows=N --memory-heap=64m   the backlog (all rows expired) and the relaunched JVM's -Xmx
        --compile-entities=N --compile-runs=N
        --compilers=forked,in-process       javac as a process per compilation, and javac in this JVM
        --h2-cache-kb=N                     H2's page cache, which lives in this JVM's heap (0: H2's default)
        --require-servers=true              fail instead of skipping a server that does not answer
        --targets=false                     leave out the targets summary (the small-heap JVM's partial run does)
        --partition-rows=N --partition-days=D  the day-partitioned table of --modes=partitions (PostgreSQL only, not
                                            in the presets' modes): two thirds of the days and a half expired
        --partition-methods=M,M             of unbounded-delete, sweep-drop, sweep-rows, unbounded-delete/whole-days,
                                            sweep-drop/whole-days (all by default; sweep-rows, row batches alone,
                                            takes about a minute per million rows)
        --tenants=N                         tenants of --modes=scopes and policy (not in the presets' modes; 20 rows each, 1%
                                            with an expired row, tenants 51 to 150 with windows of their own), and
                                            the @TenantId values of --modes=tenants
        --tenant-schemas=N                  --modes=tenants (PostgreSQL and MariaDB, not in the presets' modes): a
                                            schema (a database on MariaDB) per tenant, 1% of them with expired rows;
                                            --repeats applies
        --scope-date-index=true             --modes=scopes with an index on created_at alone beside the one on
                                            (tenant_id, created_at): the date index the unscoped table has
        --locks=N                           locks of --modes=locks (INT_LOCK, 5 regions, half expired; not in the
                                            presets' modes), on PostgreSQL and MariaDB
        --lock-keys=composite,text          INT_LOCK's (LOCK_KEY, REGION), and LOCK_KEY alone (INT_LOCK_TEXT)
        --lock-strategies=sweep-default,spring-delete
                                            also sweep-portable (portable JPQL) and, by hand over JDBC, sql-portable,
                                            sql-skip-locked, sql-order-limit (MariaDB), sql-range
        --lock-writes=N                     lock renewals and new locks a second during each drain (0: none), the
                                            longest write printed
        --repeats=N                         repeats of --modes=scopes and --modes=locks (medians printed)
        --drain-repeats=N                   rounds of --modes=drain: each runs every strategy once, the order
                                            rotated a place a round; medians and each round's share of the
                                            unbounded DELETE printed
        --replica-limit-mb=N                --modes=replicas (PostgreSQL, not in the presets' modes): the gate's
                                            max-replica-lag-mb; --rows, --layouts (the first), --foreground-rate
                                            and --repeats (rounds) apply
        --replica-replay-ms=N               --modes=replicas: the replica replays N ms in every 200 ms (its replay
                                            paused the rest), a replica slower than its primary
        --out=DIR                           where the CSV files go (default benchmark-results/<time>)
      """;

  private static final List<String> ALL_STRATEGIES =
      List.of("sweep-auto", "sweep-500", "sweep-1000", "sweep-5000", "sweep-10000", "unbounded-delete", "remove-loop");

  /** Reads the arguments; throws IllegalArgumentException naming a bad one. */
  static BenchmarkOptions parse(String[] args) {
    Map<String, String> values = new LinkedHashMap<>(preset("full"));
    for (String arg : args) {
      if (arg.equals("full") || arg.equals("smoke")) {
        values.putAll(preset(arg));
      } else if (arg.startsWith("--") && arg.contains("=")) {
        String key = arg.substring(2, arg.indexOf('='));
        if (!values.containsKey(key)) {
          throw new IllegalArgumentException("Unknown option --" + key + "; see --help");
        }
        values.put(key, arg.substring(arg.indexOf('=') + 1));
      } else {
        throw new IllegalArgumentException("Unexpected argument '" + arg + "'; see --help");
      }
    }
    try {
      return new BenchmarkOptions(
          list(values.get("modes")).stream().map(Mode::parse).collect(Collectors.toCollection(
              () -> EnumSet.noneOf(Mode.class))),
          list(values.get("databases")).stream().map(TestDatabase.Kind::parse).toList(),
          Long.parseLong(values.get("rows")),
          Integer.parseInt(values.get("expired-percent")),
          list(values.get("layouts")).stream().map(Layout::parse).toList(),
          list(values.get("strategies")),
          list(values.get("sessions")).stream().map(Long::parseLong).toList(),
          Integer.parseInt(values.get("foreground-rate")),
          Integer.parseInt(values.get("idle-sweeps")),
          Long.parseLong(values.get("memory-rows")),
          values.get("memory-heap"),
          Integer.parseInt(values.get("compile-entities")),
          Integer.parseInt(values.get("compile-runs")),
          list(values.get("compilers")),
          Integer.parseInt(values.get("h2-cache-kb")),
          Boolean.parseBoolean(values.get("require-servers")),
          Boolean.parseBoolean(values.get("targets")),
          Long.parseLong(values.get("partition-rows")),
          Integer.parseInt(values.get("partition-days")),
          list(values.get("partition-methods")),
          Integer.parseInt(values.get("tenants")),
          Boolean.parseBoolean(values.get("scope-date-index")),
          Long.parseLong(values.get("locks")),
          list(values.get("lock-keys")),
          list(values.get("lock-strategies")),
          Integer.parseInt(values.get("lock-writes")),
          Integer.parseInt(values.get("repeats")),
          Integer.parseInt(values.get("drain-repeats")),
          Integer.parseInt(values.get("replica-limit-mb")),
          Integer.parseInt(values.get("replica-replay-ms")),
          Integer.parseInt(values.get("held-seconds")),
          Integer.parseInt(values.get("tenant-schemas")),
          Path.of(values.get("out")));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("A numeric option is not a number: " + e.getMessage(), e);
    }
  }

  private static Map<String, String> preset(String name) {
    Map<String, String> values = new LinkedHashMap<>();
    boolean smoke = name.equals("smoke");
    values.put("modes", "drain,idle,memory,compile,sessions");
    values.put("databases", "h2,postgresql,mariadb");
    values.put("rows", smoke ? "20000" : "1000000");
    values.put("expired-percent", "50");
    values.put("layouts", "ordered,scattered");
    values.put("strategies", String.join(",", ALL_STRATEGIES));
    values.put("sessions", smoke ? "2000" : "20000,150000");
    values.put("foreground-rate", "200");
    values.put("idle-sweeps", smoke ? "20" : "50");
    values.put("memory-rows", smoke ? "40000" : "2000000");
    values.put("partition-rows", smoke ? "60000" : "10000000");
    values.put("partition-days", "30");
    values.put("partition-methods", String.join(",", PartitionSuite.METHODS));
    values.put("tenants", smoke ? "500" : "10000");
    values.put("scope-date-index", "false");
    values.put("locks", smoke ? "5000" : "100000");
    values.put("lock-keys", "composite,text");
    values.put("lock-strategies", "sweep-default,spring-delete");
    values.put("lock-writes", "0");
    values.put("repeats", smoke ? "1" : "2");
    values.put("drain-repeats", "1");
    values.put("replica-limit-mb", "8");
    values.put("replica-replay-ms", "10");
    values.put("held-seconds", "6");
    values.put("tenant-schemas", smoke ? "100" : "1000");
    values.put("memory-heap", "64m");
    values.put("compile-entities", smoke ? "20" : "200");
    values.put("compile-runs", smoke ? "1" : "7");
    // A forked javac takes seconds a compilation; the smoke run keeps to the in-process one.
    values.put("compilers", smoke ? "in-process" : "forked,in-process");
    values.put("h2-cache-kb", "0");
    values.put("require-servers", "false");
    values.put("targets", "true");
    values.put("out", "benchmark-results/" + (smoke ? "smoke-" : "")
        + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    return values;
  }

  private static List<String> list(String value) {
    return Arrays.stream(value.split(",")).map(String::trim).filter(item -> !item.isEmpty()).toList();
  }

  /** Rows expired at the cutoff in each drain's table. */
  public long expiredRows() {
    return rows * expiredPercent / 100;
  }
}
