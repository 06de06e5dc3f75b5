package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.differential.Condition;
import dev.retention.it.differential.DifferentialOwner;
import dev.retention.it.differential.DifferentialRow;
import dev.retention.it.differential.DifferentialRowA;
import dev.retention.it.differential.DifferentialRowB;
import dev.retention.it.differential.DifferentialRowC;
import dev.retention.it.differential.DifferentialRowD;
import dev.retention.it.differential.DifferentialRowE;
import dev.retention.it.differential.DifferentialRowF;
import dev.retention.it.differential.DifferentialRowG;
import dev.retention.it.differential.LosAngelesWallClock;
import dev.retention.it.differential.Mapping;
import dev.retention.it.differential.NumberedRow;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.RandomCases;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.BeforeDelete;
import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.ScopeWindows;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.generated.Cutoff;
import dev.retention.runtime.generated.GeneratedPass;
import dev.retention.runtime.generated.PassDescriptor;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The differential test: on random cases, every statement shape the runtime may delete with deletes exactly the rows
 * an evaluation in Java says are expired, and keeps every other row.
 *
 * <p>A case is a pass described at run time ({@link PassDescriptor}) over one of a few tables that have a column for
 * every mapping of a {@code @Ttl} attribute ({@link Mapping}), keyed by an integer, by two columns (an
 * {@code @EmbeddedId}, an {@code @IdClass}) or by text, so that every shape that takes such keys is fenced: a random window (zero, minutes, days, or one that puts
 * the cutoff within two hours of a daylight-saving change of a runtime zone that has them), a random condition over
 * the row's attributes and its owner's ({@link Condition}, with nulls), maybe a scope with windows from configuration
 * and from code (values that MariaDB's collation merges among them), and rows dated on the cutoff, a stored step either
 * side of it, around it, far from it and null. Each run of a few cases forces one of {@link #WAYS}, checks that the
 * runtime chose the statements meant, sometimes counts first in a dry run, sometimes races a writer that makes rows of
 * the batch unexpired while the sweeps run, and drains: on-demand sweeps of one scope, then whole sweeps, until a sweep
 * finds nothing.
 *
 * <p>The oracle reads back what the database stored (a day, whole seconds, microseconds) and judges it as the user guide
 * says, independently of the runtime: a row is expired when the instant its value stands for is at or before
 * {@code now} minus its window, the condition is true, and its scope is the one swept. Where the collation makes scope
 * values equal, rows the database matches for a value take the longest window among the values stored; as rows go, a
 * merged scope's window may shorten, so the rows left are the fixed point.
 *
 * <p>{@code -Dinvariant.seed=<n>} replays a run, case for case; {@code -Ddifferential.cases=<n>} changes how many cases
 * it has (default {@value RandomCases#DEFAULT_CASES} per database).
 */
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class DifferentialTest extends DatabaseSuite {

  /**
   * Every way the runtime deletes rows, forced on a case: a new statement shape is one more line, saying how to force
   * it and which {@link StatementShape} must then be in the pass's settings.
   */
  private static final List<Way> WAYS = List.of(
      new Way("the statements the runtime chooses", Force.NOTHING, DifferentialTest::nativeChoice),
      new Way("portable JPQL", Force.PORTABLE, (kind, c) -> StatementShape.PORTABLE_JPQL),
      new Way("a before-delete hook", Force.HOOK, (kind, c) -> StatementShape.BEFORE_DELETE_HOOK),
      new Way("entity removal", Force.REMOVAL, DifferentialTest::nativeChoice),
      new Way("the range statement", Force.RANGE_BATCHES, DifferentialTest::rangeChoice),
      new Way("the purge past @SoftDelete", Force.SOFT_DELETE, (kind, c) -> StatementShape.SOFT_DELETE_PURGE));

  private static final Instant ORIGIN = Instant.parse("2026-03-01T12:00:00Z");
  private static final List<Class<? extends DifferentialRow>> TABLES =
      List.of(DifferentialRowA.class, DifferentialRowB.class, DifferentialRowC.class, DifferentialRowE.class,
          DifferentialRowF.class, DifferentialRowG.class);
  /** Runtime zones: UTC, three with daylight saving (north, south, another month), one half an hour off. */
  private static final List<ZoneId> ZONES = List.of(ZoneOffset.UTC, ZoneId.of("Europe/Berlin"),
      ZoneId.of("America/New_York"), ZoneId.of("Australia/Sydney"), ZoneId.of("Asia/Kolkata"));
  /** Scope values; MariaDB's default collation holds the first four as one, the next two, and the last two. */
  private static final List<String> SCOPES =
      List.of("acme", "ACME", "Acme", "acme ", "globex", "Globex", "initech", "", " ");
  /** The owners' {@code active}, by owner id. */
  private static final List<Boolean> OWNERS_ACTIVE = java.util.Arrays.asList(true, false, null, true, false, null);
  /**
   * Epoch values a real column holds besides instants: 0 (a primitive's "none"), epoch seconds in a milliseconds
   * column, microseconds in one, 9999-12-31 in seconds (a common "never"), and the largest long.
   */
  private static final List<Long> SENTINELS = List.of(0L, 1L, Instant.parse("2026-03-01T00:00:00Z").getEpochSecond(),
      Instant.parse("2026-03-01T00:00:00Z").toEpochMilli() * 1_000, 253_402_300_799L, Long.MAX_VALUE);
  /** Epoch milliseconds before this are implausible: their rows are set aside, as the guide says. */
  private static final long EARLIEST_PLAUSIBLE_MILLIS = Instant.parse("1973-01-01T00:00:00Z").toEpochMilli();
  /** A bound no drain reaches unless a sweep keeps finding work for ever. */
  private static final int MAX_SWEEPS = 500;

  /** How many conditions a run's cases draw from. */
  private static final int CONDITIONS = 24;

  /** The conditions of this run's cases. */
  private List<Condition> conditions;

  /** Windows shortened and scope keys a collation may merge, on purpose in random cases; the runtime warns of them. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention")
      .allow("Retention windows? of .* shortened (to|for) ")
      .allow("Retention windows of .* for scopes .* a database collation may take these values as one");

  DifferentialTest(TestDatabase.Kind kind) {
    super(kind, ORIGIN, DifferentialOwner.class, DifferentialRowA.class, DifferentialRowB.class,
        DifferentialRowC.class, DifferentialRowD.class, DifferentialRowE.class, DifferentialRowF.class,
        DifferentialRowG.class, LosAngelesWallClock.class);
  }

  /** How the runtime is made to delete a case's rows in one way. */
  private enum Force {
    NOTHING, PORTABLE, HOOK, REMOVAL,
    /** Batches of 2,000 rows, from which the range statement runs: a case's rows go in its one delete. */
    RANGE_BATCHES,
    /**
     * A table of Hibernate's {@code @SoftDelete} ({@link DifferentialRowD}), some of whose rows the application marked:
     * no condition nor scope, and a mapping native statements may compare, as the purge takes.
     */
    SOFT_DELETE;
  }

  /** The statements a case is meant to run, for the pass of {@code c}. */
  private interface Expected {
    StatementShape of(TestDatabase.Kind kind, Case c);
  }

  /** One way of deleting: its name, how it is forced, and the statements that must then run. */
  private record Way(String name, Force force, Expected expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  /**
   * What the runtime chooses by itself: PostgreSQL's {@code ctid} for a bulk pass without a condition over a column its
   * allow-list admits, whatever its key, scoped or not (the tenant is text under the default collation, which compares
   * it exactly), else {@code SKIP LOCKED} there (whose bulk deletes need a single id attribute: an {@code @IdClass}
   * key's run the portable JPQL); on MariaDB the ordered delete for a bulk pass without a condition or scope over a
   * column native statements may compare and an index leads with, whatever its key, else {@code SKIP LOCKED} for an
   * integer key, and for a text or composite key the native delete by keys where a bulk pass has no condition and a
   * column native statements may compare, else the portable JPQL; portable JPQL on H2.
   */
  private static StatementShape nativeChoice(TestDatabase.Kind kind, Case c) {
    boolean bulk = c.descriptor.strategy() == DeleteStrategy.BULK_STATEMENTS;
    return switch (kind) {
      case H2 -> StatementShape.PORTABLE_JPQL;
      case POSTGRESQL -> bulk && c.condition == null && c.mapping.nativelyComparable
          ? StatementShape.POSTGRESQL_CTID
          : bulk && c.table == DifferentialRowF.class ? StatementShape.PORTABLE_JPQL : StatementShape.SKIP_LOCKED;
      case MARIADB -> bulk && c.condition == null && !c.scoped && c.mapping.nativelyComparable && c.dateIndexed()
          ? StatementShape.ORDERED_DELETE
          : c.integerKey() ? StatementShape.SKIP_LOCKED
          : bulk && c.condition == null && c.mapping.nativelyComparable ? StatementShape.NATIVE_KEY_DELETE
          : StatementShape.PORTABLE_JPQL;
    };
  }

  /**
   * The range statement where its allow-list takes the pass (PostgreSQL, bulk statements, a column native statements
   * may compare and an index leads with, a scope compared exactly by PostgreSQL's default collation) and the shape it
   * gives way to takes it too (the ctid statement or, for a single id attribute, {@code SKIP LOCKED}); elsewhere the
   * shape the pass would have had (on MariaDB, whose profile has no range statement, its batches of 2,000 rows go by
   * the ordered delete where it takes the pass).
   */
  private static StatementShape rangeChoice(TestDatabase.Kind kind, Case c) {
    boolean otherTakes = switch (kind) {
      case POSTGRESQL -> c.dateIndexed() && (c.condition == null || c.table != DifferentialRowF.class);
      case MARIADB, H2 -> false; // MariaDB's profile has no range statement: the ordered delete outran it
    };
    return otherTakes && c.descriptor.strategy() == DeleteStrategy.BULK_STATEMENTS && c.mapping.nativelyComparable
        ? StatementShape.RANGE_STATEMENT : nativeChoice(kind, c);
  }

  /** Sweeps of several scopes a run must have seen before it asks that some went as one group. */
  private static final int MIN_SWEEPS_OVER_SCOPES = 20;

  /** Whole sweeps of scoped cases that deleted rows of two scopes or more, and those that grouped them. */
  private int sweepsOverScopes;
  private int groupedSweeps;

  /**
   * Whole sweeps that deleted rows by key alone after holding them and every owner their condition reads (the portable
   * JPQL and the hook's statements, for a condition through the owner: {@code ShapeSteps.deleteHeld}).
   */
  private int heldDeletes;

  @Test
  void everyShapeDeletesExactlyTheRowsTheOracleSaysAreExpired() {
    long seed = RandomCases.seed("differential");
    int cases = Integer.getInteger("differential.cases", RandomCases.DEFAULT_CASES);
    Jpa.run(emf, em -> {
      for (int owner = 0; owner < OWNERS_ACTIVE.size(); owner++) {
        em.persist(new DifferentialOwner(owner, OWNERS_ACTIVE.get(owner)));
      }
    });
    Random random = new Random(seed);
    conditions = Condition.pool(random, CONDITIONS, 2);
    for (int first = 1; first <= cases; first += TABLES.size()) {
      int count = Math.min(TABLES.size(), cases - first + 1);
      try {
        runCases(random, count);
      } catch (AssertionError | RuntimeException e) {
        throw new AssertionError("cases " + first + " to " + (first + count - 1) + " of " + cases + " of the run with"
            + " -Dinvariant.seed=" + seed + " failed on " + database + ": " + e.getMessage(), e);
      }
      warnings.messages().clear();
    }
    // A condition through a to-one deletes held rows by key alone: the run must have met it, or the cases above no
    // longer cover that statement.
    assertTrue(cases < TABLES.size() * 10 || heldDeletes > 0, "of " + cases + " cases on " + database
        + " (-Dinvariant.seed=" + seed + "), no sweep deleted held rows by key alone (a condition through the owner,"
        + " the portable JPQL or a hook)");
    // Scopes that share a window are swept together (ScopeRounds): the run must have met such a group, or the cases
    // above no longer cover them.
    if (sweepsOverScopes >= MIN_SWEEPS_OVER_SCOPES) {
      assertTrue(groupedSweeps > 0, "of " + sweepsOverScopes + " whole sweeps that deleted rows of two scopes or more on "
          + database + " (-Dinvariant.seed=" + seed + "), none ran fewer batches than scopes: no scopes were grouped");
    }
  }

  /** One row as the database stored it: what the oracle judges. */
  private record Row(long id, Object stored, Instant at, String status, Integer attempts, Boolean flag,
      Boolean ownerActive, String tenant) implements Condition.Values {

    Row withAt(Instant other) {
      return new Row(id, null, other, status, attempts, flag, ownerActive, tenant);
    }

    Row with(String attribute, Object value) {
      return switch (attribute) {
        case "status" -> new Row(id, stored, at, (String) value, attempts, flag, ownerActive, tenant);
        case "attempts" -> new Row(id, stored, at, status, (Integer) value, flag, ownerActive, tenant);
        case "flag" -> new Row(id, stored, at, status, attempts, (Boolean) value, ownerActive, tenant);
        default -> throw new IllegalArgumentException(attribute);
      };
    }

    @Override
    public String toString() {
      return id + "[" + (stored == null ? null : stored + "=" + at) + ", " + status + ", " + attempts + ", " + flag
          + ", owner " + ownerActive + ", " + (tenant == null ? null : "'" + tenant + "'") + "]";
    }
  }

  /** A change the racing writer makes to one row, so that it is no longer expired. */
  private record Keep(Case c, long id, String attribute, Object value) {
    @Override
    public String toString() {
      return "row " + id + " " + attribute + " = " + value;
    }
  }

  /** One case: a pass over one table, its rows, and what happened to them. */
  private final class Case {
    final Class<? extends DifferentialRow> table;
    final String entity;
    final String pass;
    /** The JPQL path from an entity to its row's number. */
    final String number;
    final Mapping mapping;
    final Duration window;
    final Condition condition;
    final boolean scoped;
    final Map<String, Duration> configured = new TreeMap<>();
    final Map<String, Duration> code = new TreeMap<>();
    final RetentionOptions options;
    final ZoneId zone;
    final Instant now;
    final Way way;
    final List<Object> hooked = new CopyOnWriteArrayList<>();
    final Map<Long, Boolean> hits = new ConcurrentHashMap<>();
    final List<Keep> keeps = new ArrayList<>();
    final Map<Long, Instant> dates = new TreeMap<>();
    final List<String> onDemand = new ArrayList<>();
    /** What a dry run counted before the sweeps, when the case had one. */
    Long dryRunCount;
    /**
     * Expired rows another connection commits once the case's first delete is under way (between the range statement's
     * probe and its delete), more than one batch of them; and those of them the sweeps' tally has counted already.
     */
    final Map<Long, Row> arrivals = new ConcurrentHashMap<>();
    final Set<Long> arrivalsCounted = new TreeSet<>();
    /** The rows the application deleted softly ({@link Force#SOFT_DELETE}): the table keeps them, JPQL sees none. */
    final Set<Long> marked = new TreeSet<>();
    /** What each sweep of the case reported, for a failure's message. */
    final List<SweepReport> reports = new ArrayList<>();
    PassDescriptor descriptor;
    /** The statements the runtime chose for the case's pass. */
    StatementShape shape;
    Map<Long, Row> rows;

    Case(Random random, Class<? extends DifferentialRow> table, Way way, ZoneId zone, Instant now) {
      this.table = table;
      this.entity = table.getSimpleName();
      this.pass = table.getCanonicalName();
      this.number = DifferentialRow.numberPath(table);
      this.way = way;
      this.zone = zone;
      this.now = now;
      boolean purged = way.force() == Force.SOFT_DELETE;
      Mapping drawn = Mapping.values()[random.nextInt(Mapping.values().length)];
      this.mapping = purged && !drawn.nativelyComparable ? Mapping.INSTANT : drawn;
      this.window = window(random, zone, now);
      Condition drawnCondition = random.nextInt(3) == 0 ? null : conditions.get(random.nextInt(conditions.size()));
      this.condition = purged ? null : drawnCondition;
      this.scoped = random.nextInt(3) == 0 && !purged;
      if (scoped) {
        List<String> values = new ArrayList<>(SCOPES);
        Collections.shuffle(values, random);
        for (String value : values.subList(0, Math.min(values.size(), 2 + random.nextInt(4)))) {
          if (random.nextInt(3) == 0 && value.equals(value.strip()) && !value.isEmpty()) {
            configured.put(value, scopeWindow(random));
          }
          if (random.nextInt(3) == 0) {
            code.put(value, scopeWindow(random));
          }
          onDemand.add(value);
        }
      }
      this.options = RetentionOptions.empty()
          .withBatchSize(random.nextInt(4) == 0 ? 1 + random.nextInt(4) : 10 + random.nextInt(50))
          .withMaxBatchesPerSweep(1 + random.nextInt(8))
          .withMaxBatchesPerScope(1 + random.nextInt(4))
          .withMinRetention(Duration.ZERO);
    }

    /**
     * The window of a scope's own rows: configuration's, else code's, else the pass's; and at least the longest window
     * configuration gives a value a collation may take for the same, on every database (the guide's "Scopes").
     */
    Duration windowOf(String scope) {
      if (scope == null) {
        return window;
      }
      Duration own = configured.getOrDefault(scope, code.getOrDefault(scope, window));
      return configured.entrySet().stream().filter(key -> folded(key.getKey()).equals(folded(scope)))
          .map(Map.Entry::getValue).reduce(own, (a, b) -> a.compareTo(b) >= 0 ? a : b);
    }

    /** The cutoff of rows dated in {@code scope}'s own window. */
    Instant cutoffOf(String scope) {
      return now.minus(windowOf(scope));
    }

    /**
     * Whether {@code row} is expired: a date at or before the cutoff of its scope's window (the longest among the
     * stored values the collation holds equal to its scope), and the condition true.
     */
    boolean expired(Row row, Map<String, Duration> mergedWindows) {
      if (row.at() == null || condition != null && !Boolean.TRUE.equals(condition.on(row))) {
        return false;
      }
      if (mapping == Mapping.EPOCH_MILLIS && row.stored() instanceof Long millis && millis < EARLIEST_PLAUSIBLE_MILLIS) {
        return false; // implausible for the unit: set aside, kept
      }
      Duration rowWindow = !scoped || row.tenant() == null ? window : mergedWindows.get(collated(row.tenant()));
      return !row.at().isAfter(now.minus(rowWindow));
    }

    /** The rows of {@code present} the oracle says are expired now, within {@code reach}. */
    Set<Long> expiredNow(Map<Long, Row> present, Predicate<Row> reach) {
      return expiredNow(present, reach, null);
    }

    /**
     * The rows of {@code present} the oracle says are expired now, within {@code reach}, when {@code swept} (a value
     * given to an on-demand sweep, or null) is swept: its own window counts among those of the values stored that the
     * database takes as equal to it, even when no row has it.
     */
    Set<Long> expiredNow(Map<Long, Row> present, Predicate<Row> reach, String swept) {
      Map<String, Duration> merged = new HashMap<>();
      if (scoped) {
        present.values().stream().filter(row -> row.tenant() != null).forEach(row ->
            merged.merge(collated(row.tenant()), windowOf(row.tenant()), (a, b) -> a.compareTo(b) >= 0 ? a : b));
        if (swept != null) {
          merged.merge(collated(swept), windowOf(swept), (a, b) -> a.compareTo(b) >= 0 ? a : b);
        }
      }
      return present.values().stream().filter(reach).filter(row -> expired(row, merged)).map(Row::id)
          .collect(Collectors.toCollection(TreeSet::new));
    }

    /**
     * The rows sweeps within {@code reach} delete until one finds nothing: the expired rows, and then those a merged
     * scope's shorter window expires once the rows of its longest stored value went.
     */
    Set<Long> drained(Map<Long, Row> present, Predicate<Row> reach) {
      return drained(present, reach, null);
    }

    /** {@link #drained(Map, Predicate)} by on-demand sweeps of {@code swept}. */
    Set<Long> drained(Map<Long, Row> present, Predicate<Row> reach, String swept) {
      Map<Long, Row> left = new TreeMap<>(present);
      Set<Long> gone = new TreeSet<>();
      for (Set<Long> now = expiredNow(left, reach, swept); !now.isEmpty(); now = expiredNow(left, reach, swept)) {
        gone.addAll(now);
        left.keySet().removeAll(now);
      }
      return gone;
    }

    /**
     * The rows every drain must delete whichever spellings of a merged scope its sweeps met: each row judged by the
     * longest window among every value the case stored, configured, gave in code or swept that the database holds
     * equal to the row's. A sweep of a scope goes by the windows of the spellings it sees, and which it sees depends on
     * when it read them (a round that read a spelling before the last row of it went still applies its window); the
     * rows between this and {@link #drained} may go either way. Where no collation merges values, the two are one.
     */
    Set<Long> drainedByLongest(Map<Long, Row> present) {
      if (!scoped) {
        return drained(present, row -> true);
      }
      Set<String> known = new TreeSet<>(configured.keySet());
      known.addAll(code.keySet());
      known.addAll(onDemand.stream().filter(java.util.Objects::nonNull).toList());
      rows.values().stream().map(Row::tenant).filter(java.util.Objects::nonNull).forEach(known::add);
      Map<String, Duration> longest = new HashMap<>();
      known.forEach(value -> longest.merge(collated(value), windowOf(value), (a, b) -> a.compareTo(b) >= 0 ? a : b));
      return present.values().stream().filter(row -> expired(row, longest)).map(Row::id)
          .collect(Collectors.toCollection(TreeSet::new));
    }

    /** Whether the table's key is its rows' number, a single integer {@code @Id}. */
    boolean integerKey() {
      return NumberedRow.class.isAssignableFrom(table);
    }

    /** Whether an index leads with the case's date column: the tables that index every date native SQL compares. */
    boolean dateIndexed() {
      return table == DifferentialRowA.class || table == DifferentialRowE.class || table == DifferentialRowG.class;
    }

    @Override
    public String toString() {
      return entity + " by " + way + ": " + mapping + " window " + window + " at " + now + " in " + zone
          + (condition == null ? "" : ", when " + condition)
          + (scoped ? ", scoped, configured " + quoted(configured) + ", from code " + quoted(code) : "")
          + ", " + options;
    }
  }

  private static String quoted(Map<String, Duration> windows) {
    return windows.entrySet().stream().map(entry -> "'" + entry.getKey() + "'=" + entry.getValue())
        .collect(Collectors.joining(", ", "{", "}"));
  }

  /** A scope value as any collation might take it: case and trailing spaces set aside. */
  private static String folded(String scope) {
    return scope.toLowerCase(Locale.ROOT).replaceFirst(" +$", "");
  }

  /** A scope value as the database compares it: MariaDB's default collation ignores case and trailing spaces. */
  private String collated(String scope) {
    return kind == TestDatabase.Kind.MARIADB ? folded(scope) : scope;
  }

  /**
   * A pass's window: zero; whole minutes up to two weeks; seconds up to three days; or, in a zone with daylight
   * saving, one that puts the cutoff within two hours of its latest change before {@code now}.
   */
  private static Duration window(Random random, ZoneId zone, Instant now) {
    ZoneOffsetTransition change = zone.getRules().previousTransition(now);
    switch (random.nextInt(8)) {
      case 0, 1:
        return Duration.ZERO;
      case 2, 3:
        if (change != null && Duration.between(change.getInstant(), now).toDays() < 60) {
          Instant cutoff = change.getInstant().plusSeconds(random.nextInt(4 * 3600) - 2 * 3600);
          if (!cutoff.isAfter(now)) {
            return Duration.between(cutoff, now);
          }
        }
        return Duration.ofDays(1 + random.nextInt(30));
      case 4, 5:
        return Duration.ofMinutes(1 + random.nextInt(20_000));
      default:
        return Duration.ofSeconds(1 + random.nextInt(3 * 86_400));
    }
  }

  /** A scope's window, in whole minutes as configuration writes it; now and then zero, now and then a day. */
  private static Duration scopeWindow(Random random) {
    return switch (random.nextInt(6)) {
      case 0 -> Duration.ZERO;
      case 1 -> Duration.ofDays(1);
      default -> Duration.ofMinutes(1 + random.nextInt(20_000));
    };
  }

  /**
   * The instant a row's value is meant to stand for: null, on the cutoff, a stored step either side of it, a few steps
   * off, around it, far before or far after, or around the runtime zone's daylight-saving change nearest the cutoff.
   */
  private static Instant dateAround(Random random, Instant cutoff, Mapping mapping, ZoneId zone) {
    Duration step = mapping.step();
    return switch (random.nextInt(11)) {
      case 0 -> null;
      case 1, 2 -> cutoff;
      case 3 -> cutoff.minus(step);
      case 4 -> cutoff.plus(step);
      case 5 -> cutoff.plus(step.multipliedBy(random.nextInt(7) - 3));
      case 6 -> Instant.parse("2001-01-01T00:00:00Z").plusSeconds(random.nextInt(100_000_000));
      case 7 -> Instant.parse("2036-06-01T00:00:00Z").plusSeconds(random.nextInt(10_000_000));
      case 8 -> {
        ZoneOffsetTransition change = zone.getRules().previousTransition(cutoff.plus(Duration.ofDays(1)));
        Instant near = change == null || Duration.between(change.getInstant(), cutoff).toDays() > 30 ? cutoff
            : change.getInstant();
        yield near.plusMillis(random.nextLong(4 * 3_600_000L) - 2 * 3_600_000L).plusNanos(random.nextInt(1000) * 1000);
      }
      default -> {
        long spread = step.compareTo(Duration.ofDays(1)) >= 0 ? 3 * 86_400_000L : 3 * 3_600_000L;
        yield cutoff.plusMillis(random.nextLong(2 * spread) - spread).plusNanos(random.nextInt(1000) * 1000);
      }
    };
  }

  /** A few cases side by side, one table each, in one way, on one runtime (two with a dry run). */
  private void runCases(Random random, int count) throws AssertionError {
    Way way = WAYS.get(random.nextInt(WAYS.size()));
    ZoneId zone = ZONES.get(random.nextInt(ZONES.size()));
    Instant now = ORIGIN.plusMillis(random.nextLong(60 * 86_400_000L));
    boolean dryRun = random.nextInt(4) == 0;
    boolean racing = !dryRun && random.nextInt(3) == 0 && way.force() != Force.SOFT_DELETE;
    List<Class<? extends DifferentialRow>> tables = way.force() == Force.SOFT_DELETE ? List.of(DifferentialRowD.class)
        : TABLES;
    List<Case> cases = new ArrayList<>();
    for (int table = 0; table < Math.min(count, tables.size()); table++) {
      cases.add(new Case(random, tables.get(table), way, zone, now));
    }
    for (Case c : cases) {
      write(random, c);
      c.rows = stored(c);
      if (racing) {
        planKeeps(random, c);
      }
      if (way.force() == Force.SOFT_DELETE) {
        markSomeDeleted(random, c);
      }
    }
    // Where batches of 2,000 rows run, now and then a bulk import of back-dated rows lands right before the first
    // delete: on PostgreSQL between the range statement's probe (which holds no lock) and its delete, a scoped case's
    // too (its default collation compares the scopes exactly); on MariaDB only before the ordered delete, whose first
    // statement is its delete (a locking selection's next-key locks would hold the writer until the batch commits).
    Case arriving = cases.get(0);
    boolean deleteFirst = switch (kind) {
      case POSTGRESQL -> arriving.mapping.nativelyComparable;
      case MARIADB -> arriving.condition == null && !arriving.scoped && arriving.mapping.nativelyComparable
          && arriving.dateIndexed(); // the ordered delete's, as nativeChoice says (its passes are bulk)
      case H2 -> false;
    };
    if (way.force() == Force.RANGE_BATCHES && !dryRun && deleteFirst && random.nextInt(4) == 0) {
      planArrivals(random, arriving);
    }
    clock.set(now);
    if (dryRun) {
      try (RetentionRuntime counting = runtime(cases, true, null)) {
        for (Case c : cases) {
          SweepReport report = counting.sweep(c.pass);
          assertTrue(report.succeeded(), () -> c + ": " + report.failure().orElseThrow());
          assertTrue(report.dryRun() && !report.workRemains(), () -> c + ": " + report);
          Set<Long> expired = c.expiredNow(c.rows, row -> true);
          assertEquals(expired.size(), report.deleted(), () -> c + ": the dry run counts " + report.deleted()
              + " rows, the oracle says " + expired + " are expired of " + c.rows.values());
          assertEquals(c.rows.keySet(), ids(c), () -> c + ": a dry run deleted rows");
          c.dryRunCount = report.deleted();
        }
      }
    }

    CountDownLatch sweeping = new CountDownLatch(1);
    ExecutorService writer = racing ? Executors.newSingleThreadExecutor() : null;
    try (RetentionRuntime retention = runtime(cases, false, sweeping)) {
      Future<?> writes = racing ? writer.submit(() -> race(sweeping, cases)) : null;
      sweeping.countDown();
      for (Case c : cases) {
        sweep(retention, c, random);
      }
      if (writes != null) {
        finish(writes);
      }
    } finally {
      if (writer != null) {
        writer.shutdownNow();
      }
    }
    beforeFirstDelete.set(null);
    for (Case c : cases) {
      check(c);
    }
  }

  /** Deletes the table's rows and writes up to 40 new ones, dated around their scope's cutoff. */
  private void write(Random random, Case c) {
    List<String> tenants = c.scoped ? c.onDemand : List.of("acme");
    int rows = random.nextInt(41);
    List<Object[]> values = new ArrayList<>();
    for (long id = 1; id <= rows; id++) {
      String tenant = c.scoped && random.nextInt(6) == 0 ? null : tenants.get(random.nextInt(tenants.size()));
      Instant at = dateAround(random, c.cutoffOf(c.scoped ? tenant : null), c.mapping, c.zone);
      Object value = c.mapping.value(at, c.zone);
      if (c.mapping.epochUnit() != null && random.nextInt(10) == 0) {
        // A sentinel or a value of another unit, as real epoch columns hold them: set aside or never expired.
        value = SENTINELS.get(random.nextInt(SENTINELS.size()));
        at = c.mapping.standsFor(value, c.zone);
      }
      c.dates.put(id, at);
      values.add(new Object[] {id, value,
          Condition.STATUSES.get(random.nextInt(Condition.STATUSES.size())),
          Condition.ATTEMPTS.get(random.nextInt(Condition.ATTEMPTS.size())),
          Condition.FLAGS.get(random.nextInt(Condition.FLAGS.size())),
          (long) random.nextInt(OWNERS_ACTIVE.size()), tenant});
    }
    Jpa.run(emf, em -> {
      if (c.way.force() == Force.SOFT_DELETE) {
        em.createNativeQuery("delete from differential_row_d").executeUpdate(); // a JPQL delete would mark them
      } else {
        em.createQuery("delete from " + c.entity).executeUpdate();
      }
      for (Object[] value : values) {
        DifferentialRow row = DifferentialRow.create(c.table, (Long) value[0]);
        row.set(c.mapping.attribute, value[1]);
        row.set("status", value[2]);
        row.set("attempts", value[3]);
        row.set("flag", value[4]);
        row.set("owner", em.getReference(DifferentialOwner.class, value[5]));
        row.set("tenant", value[6]);
        em.persist(row);
      }
    });
  }

  /** The arrivals of a case, written before the first statement that deletes from its table; once per run. */
  private final java.util.concurrent.atomic.AtomicReference<Map.Entry<String, Runnable>> beforeFirstDelete =
      new java.util.concurrent.atomic.AtomicReference<>();

  @Override
  protected Map<String, ?> properties() {
    org.hibernate.resource.jdbc.spi.StatementInspector inspector = sql -> {
      Map.Entry<String, Runnable> next = beforeFirstDelete.get();
      String statement = sql.toLowerCase(Locale.ROOT);
      // A delete, or MariaDB's ordered delete, which opens with its lock wait: "set statement ... for delete".
      if (next != null && (statement.startsWith("delete") || statement.startsWith("set statement"))
          && statement.contains(next.getKey())
          && beforeFirstDelete.compareAndSet(next, null)) {
        next.getValue().run();
      }
      return sql;
    };
    return Map.of("hibernate.session_factory.statement_inspector", inspector);
  }

  /**
   * 2,500 expired rows, dated in 2001, that another transaction commits right before the case's first delete: for the
   * range statement, after its probe counted the rows, so its delete finds more than a batch (2,000); for the ordered
   * delete, so that its limit alone keeps the batch within its size.
   */
  private void planArrivals(Random random, Case c) {
    Map<Long, Row> rows = new TreeMap<>();
    Map<Long, Object[]> values = new TreeMap<>();
    // A scoped case's arrivals are one of its scopes': a group or scope swept by the range statement may take them.
    String tenant = c.scoped ? c.onDemand.get(random.nextInt(c.onDemand.size())) : "acme";
    for (long id = 1_001; id <= 3_500; id++) {
      Instant at = Instant.parse("2001-01-01T00:00:00Z").plusSeconds(id * 7);
      Object value = c.mapping.value(at, c.zone);
      String status = Condition.STATUSES.get(random.nextInt(Condition.STATUSES.size()));
      Integer attempts = Condition.ATTEMPTS.get(random.nextInt(Condition.ATTEMPTS.size()));
      Boolean flag = Condition.FLAGS.get(random.nextInt(Condition.FLAGS.size()));
      long owner = random.nextInt(OWNERS_ACTIVE.size());
      values.put(id, new Object[] {value, status, attempts, flag, owner});
      rows.put(id, new Row(id, value, c.mapping.standsFor(value, c.zone), status, attempts, flag,
          OWNERS_ACTIVE.get((int) owner), tenant));
    }
    String table = "differential_row_" + c.entity.substring(c.entity.length() - 1).toLowerCase(Locale.ROOT);
    beforeFirstDelete.set(Map.entry(table, () -> {
      Jpa.run(emf, em -> values.forEach((id, value) -> {
        DifferentialRow row = DifferentialRow.create(c.table, id);
        row.set(c.mapping.attribute, value[0]);
        row.set("status", value[1]);
        row.set("attempts", value[2]);
        row.set("flag", value[3]);
        row.set("owner", em.getReference(DifferentialOwner.class, value[4]));
        row.set("tenant", tenant);
        em.persist(row);
      }));
      c.arrivals.putAll(rows);
    }));
  }

  /** The case's rows as the database stores them, read back through the mapping. */
  private Map<Long, Row> stored(Case c) {
    Map<Long, Row> rows = new TreeMap<>();
    Jpa.inTransaction(emf, em -> em.createQuery("select e." + c.number + ", e." + c.mapping.attribute + ", e.status, e.attempts,"
        + " e.flag, e.owner.active, e.tenant from " + c.entity + " e", Object[].class).getResultList())
        .forEach(row -> rows.put((Long) row[0], new Row((Long) row[0], row[1], c.mapping.standsFor(row[1], c.zone),
            (String) row[2], (Integer) row[3], (Boolean) row[4], (Boolean) row[5], (String) row[6])));
    return rows;
  }

  /**
   * The racing writer's plan: up to four rows the sweeps would delete, each to be made unexpired by a change the oracle
   * agrees keeps it: its date cleared, or a condition attribute set so that the condition no longer holds.
   */
  private void planKeeps(Random random, Case c) {
    List<Long> doomed = new ArrayList<>(c.drained(c.rows, row -> true));
    Collections.shuffle(doomed, random);
    for (long id : doomed.subList(0, Math.min(4, doomed.size()))) {
      Row row = c.rows.get(id);
      List<Keep> candidates = new ArrayList<>();
      candidates.add(new Keep(c, id, c.mapping.attribute, null));
      if (c.condition != null) {
        Map<String, List<?>> attributes = Map.of("status", Condition.STATUSES, "attempts", Condition.ATTEMPTS,
            "flag", Condition.FLAGS);
        attributes.forEach((attribute, values) -> values.stream()
            .filter(value -> !Boolean.TRUE.equals(c.condition.on(row.with(attribute, value))))
            .forEach(value -> candidates.add(new Keep(c, id, attribute, value))));
      }
      candidates.sort(java.util.Comparator.comparing(keep -> keep.attribute() + keep.value()));
      c.keeps.add(candidates.get(random.nextInt(candidates.size())));
    }
  }

  /** The racing writer: once the sweeps begin, each planned change in a transaction of its own, noting if it hit. */
  private void race(CountDownLatch sweeping, List<Case> cases) {
    try {
      sweeping.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("the racing writer was interrupted before it began", e);
    }
    for (Case c : cases) {
      for (Keep keep : c.keeps) {
        int changed = Jpa.inTransaction(emf, em -> em.createQuery("update " + c.entity + " e set e."
                + keep.attribute() + " = :value where e." + c.number + " = :id")
            .setParameter("value", keep.value()).setParameter("id", keep.id()).executeUpdate());
        c.hits.put(keep.id(), changed == 1);
      }
    }
  }

  private static void finish(Future<?> writes) {
    try {
      writes.get(2, TimeUnit.MINUTES);
    } catch (ExecutionException e) {
      throw new AssertionError("the racing writer failed: " + e.getCause(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted waiting for the racing writer", e);
    } catch (TimeoutException e) {
      throw new AssertionError("the racing writer did not finish in two minutes", e);
    }
  }

  /** A runtime over the cases' passes, each forced its case's way, at the test's clock, in the cases' zone. */
  private RetentionRuntime runtime(List<Case> cases, boolean dryRun, CountDownLatch sweeping) {
    Case first = cases.get(0);
    RetentionRuntime.Builder builder = RetentionRuntime.builder(emf).clock(clock).zone(first.zone)
        .portableStatements(first.way.force() == Force.PORTABLE);
    Map<String, String> configuration = new LinkedHashMap<>();
    List<GeneratedPass> passes = new ArrayList<>();
    for (Case c : cases) {
      PassDescriptor descriptor = PassDescriptor.entity(c.table, c.entity)
          .id(DifferentialRow.idAttribute(c.table)).ttl(c.mapping.attribute, c.window);
      if (c.mapping.epochUnit() != null) {
        descriptor.epoch(c.mapping.epochUnit());
      }
      if (c.condition != null) {
        descriptor.when(c.condition.jpql());
      }
      if (c.scoped) {
        descriptor.scope("tenant");
        c.configured.forEach((scope, window) ->
            configuration.put("retention." + c.pass + ".scope." + scope + ".retention", window.toMinutes() + "m"));
        if (!c.code.isEmpty()) {
          ScopeWindows windows = scope -> java.util.Optional.ofNullable(c.code.get((String) scope));
          // Half the cases declare the shortest window their code answers, so the sweep's first read takes only the
          // rows older than it; chosen by the number of windows, not drawn, so that the seeds' other draws stay.
          builder.scopeWindows(c.pass, c.code.size() % 2 == 1
              ? ScopeWindows.atLeast(Collections.min(c.code.values()), windows) : windows);
        }
      }
      if (c.way.force() == Force.REMOVAL) {
        descriptor.entityRemoval("the differential test removes entity by entity");
      } else {
        descriptor.bulkStatements("the differential test deletes in bulk");
      }
      if (c.way.force() == Force.HOOK) {
        BeforeDelete hook = (em, rows) -> {
          if (sweeping != null) {
            sweeping.countDown();
          }
          c.hooked.addAll(rows);
        };
        builder.beforeDelete(c.pass, hook);
      }
      RetentionOptions options = c.options.withDryRun(dryRun);
      builder.options(c.pass, c.way.force() == Force.RANGE_BATCHES ? options.withBatchSize(2_000) : options);
      c.descriptor = descriptor;
      Mapping mapping = c.mapping;
      passes.add(new GeneratedPass(descriptor) {
        @Override
        public Object cutoffValue(Cutoff cutoff) {
          return mapping.cutoffValue.apply(cutoff);
        }
      });
    }
    RetentionRuntime retention = builder.configuration(configuration).registries(List.of(() -> passes)).build();
    for (Case c : cases) {
      StatementShape meant = c.way.expected().of(kind, c);
      assertEquals(meant, retention.settings(c.pass).statementShape(), () -> c + ": forced " + c.way
          + ", the runtime chose other statements");
      c.shape = meant;
    }
    return retention;
  }

  /**
   * Sweeps a case's pass: now and then one scope on demand until a sweep finds nothing, checking it deleted exactly
   * what the oracle expects of that scope; then whole sweeps until two in a row find nothing.
   */
  private void sweep(RetentionRuntime retention, Case c, Random random) {
    Map<Long, Row> present = new TreeMap<>(c.rows);
    boolean raced = !c.keeps.isEmpty();
    if (!raced) {
      liveRowsAreThoseTheOracleKeeps(retention, c, present);
    }
    if (c.scoped && random.nextBoolean()) {
      String scope = random.nextInt(4) == 0 ? null : c.onDemand.get(random.nextInt(c.onDemand.size()));
      Predicate<Row> inScope = row -> scope == null ? row.tenant() == null
          : row.tenant() != null && collated(row.tenant()).equals(collated(scope));
      Set<Long> deleted = new TreeSet<>();
      for (int sweep = 0; ; sweep++) {
        assertTrue(sweep < MAX_SWEEPS, () -> c + ": on-demand sweeps of '" + scope + "' never drain");
        SweepReport report = retention.sweep(c.pass, scope);
        Set<Long> now = deletedBy(report, c, present);
        deleted.addAll(now);
        if (!report.workRemains() && now.isEmpty()) {
          break;
        }
      }
      if (!raced) {
        // The case's rows, and those that arrived before its first delete (the arrivals of a scope go with it).
        Map<Long, Row> judged = new TreeMap<>(c.rows);
        judged.putAll(c.arrivals);
        Set<Long> expected = c.drained(judged, inScope, scope);
        assertEquals(expected, deleted, () -> c + ": on-demand sweeps of '" + scope + "' deleted " + deleted
            + ", the oracle says " + expected + " of " + judged.values());
      } else {
        assertTrue(deleted.stream().allMatch(id -> inScope.test(c.rows.containsKey(id) ? c.rows.get(id)
                : c.arrivals.get(id))),
            () -> c + ": on-demand sweeps of '" + scope + "' deleted " + deleted + ", outside the scope");
      }
    }
    // Drained when a sweep says no work remains (at a fixed clock, its round swept every scope to the end), unless the
    // arrivals came during it (a scope its round did not see then waits for the next); but where a collation merges
    // scope values the rows that went may have shortened a merged scope's window: there, when it also deleted nothing. Or when enough sweeps in a row deleted nothing that their rounds reached every scope: each
    // sweep takes at least one, and an empty batch counts against max-batches-per-sweep, so a sweep of many scopes may
    // say work remains for ever.
    int scopes = (int) c.rows.values().stream().map(row -> row.tenant() == null ? null : collated(row.tenant()))
        .distinct().count();
    boolean merging = c.scoped && kind == TestDatabase.Kind.MARIADB;
    int idle = 0;
    SweepReport last = null;
    for (int sweep = 0; idle < scopes + 2 + c.keeps.size(); sweep++) {
      SweepReport previous = last;
      assertTrue(sweep < MAX_SWEEPS, () -> c + ": whole sweeps never drain, the last " + previous);
      int arrivedBefore = c.arrivalsCounted.size();
      SweepReport report = retention.sweep(c.pass);
      last = report;
      Set<Long> gone = deletedBy(report, c, present);
      boolean deleted = !gone.isEmpty();
      // Rows that arrived during the sweep, after its round found the scopes with expired rows, wait for the next.
      boolean arrivedMeanwhile = c.arrivalsCounted.size() > arrivedBefore;
      if (c.scoped && !report.dryRun()) {
        countGroups(c, gone, report);
      }
      if (deleted && !report.dryRun() && deletesHeldRowsByKey(c)) {
        heldDeletes++;
      }
      // With the racing writer about, a batch whose selected rows all moved deletes nothing, and the sweep then says
      // no work remains though expired rows are left (its lag says how old): only sweeps that find nothing end it.
      if (!report.workRemains() && (!deleted || !merging) && !raced && !arrivedMeanwhile) {
        break;
      }
      idle = deleted ? 0 : idle + 1;
    }
  }

  /**
   * Whether the case's batches delete the rows they hold by key alone: a bulk pass whose condition reads its owner,
   * through the portable JPQL or a hook's statements.
   */
  private static boolean deletesHeldRowsByKey(Case c) {
    return c.condition != null && c.condition.readsOwner()
        && c.descriptor.strategy() == DeleteStrategy.BULK_STATEMENTS
        && (c.shape == StatementShape.PORTABLE_JPQL || c.shape == StatementShape.BEFORE_DELETE_HOOK);
  }

  /**
   * Counts the whole sweeps of a scoped case that deleted rows of two scopes or more (as the database compares them),
   * and those among them that ran fewer batches than the scopes they deleted from: each scope's rows take a batch of
   * their own unless scopes that share a window go together, so only a group explains those.
   */
  private void countGroups(Case c, Set<Long> gone, SweepReport report) {
    long scopes = gone.stream().map(id -> c.rows.containsKey(id) ? c.rows.get(id) : c.arrivals.get(id))
        .map(row -> Optional.ofNullable(row.tenant()).map(this::collated)).distinct().count();
    if (scopes >= 2) {
      sweepsOverScopes++;
    }
    if (scopes > report.batches()) {
      groupedSweeps++;
    }
  }

  /** The rows {@code report}'s sweep deleted, which it must count; {@code present} loses them. */
  private Set<Long> deletedBy(SweepReport report, Case c, Map<Long, Row> present) {
    c.reports.add(report);
    assertTrue(report.succeeded(), () -> c + ": " + report.failure().orElseThrow());
    c.arrivals.forEach((id, row) -> {
      if (c.arrivalsCounted.add(id)) {
        present.put(id, row);
      }
    });
    long batchSize = c.way.force() == Force.RANGE_BATCHES ? 2_000 : c.options.batchSize();
    assertTrue(report.dryRun() || report.deleted() <= report.batches() * batchSize, () -> c + ": " + report
        + " deleted more rows than its batches may take, " + batchSize + " each");
    Set<Long> left = ids(c);
    Set<Long> deleted = new TreeSet<>(present.keySet());
    deleted.removeAll(left);
    present.keySet().retainAll(left);
    assertEquals(deleted.size(), report.deleted(), () -> c + ": " + report + " counts other rows than the "
        + deleted + " it deleted");
    return deleted;
  }

  /**
   * The rows left are exactly those the oracle keeps, once the racing writer's changes that found their row are
   * applied; a hook was given exactly the rows deleted.
   */
  private void check(Case c) {
    Map<Long, Row> judged = new TreeMap<>(c.rows);
    judged.putAll(c.arrivals);
    for (Keep keep : c.keeps) {
      if (c.hits.get(keep.id())) {
        Row row = judged.get(keep.id());
        judged.put(keep.id(), keep.attribute().equals(c.mapping.attribute) ? row.withAt(null)
            : row.with(keep.attribute(), keep.value()));
      }
    }
    Set<Long> gone = c.drained(judged, row -> true);
    Set<Long> kept = new TreeSet<>(judged.keySet());
    kept.removeAll(gone);
    Set<Long> left = ids(c);
    Set<Long> mustGo = c.drainedByLongest(judged);
    Set<Long> mayStay = new TreeSet<>(gone);
    mayStay.removeAll(mustGo);
    // Rows a merged scope's window may keep or let go (empty unless a collation merges spellings of unequal windows).
    Set<Long> judgedLeft = new TreeSet<>(left);
    judgedLeft.removeAll(mayStay);
    assertEquals(kept, judgedLeft, () -> c + ": rows left " + left + ", the oracle keeps " + kept
        + (mayStay.isEmpty() ? "" : " and may keep " + mayStay) + " of " + c.rows.values()
        + (c.keeps.isEmpty() ? "" : "; the racing writer's changes " + c.keeps + ", found " + c.hits)
        + "; the sweeps said " + c.reports);
    if (c.dryRunCount != null && gone.equals(c.expiredNow(c.rows, row -> true))) {
      // No merged scope's window shortened as its rows went: the sweeps deleted what the dry run counted.
      assertEquals(c.dryRunCount, gone.size(), () -> c + ": the dry run counted " + c.dryRunCount + ", the sweeps"
          + " then deleted " + gone);
    }
    if (c.way.force() == Force.HOOK) {
      Set<Long> deleted = new TreeSet<>(c.rows.keySet());
      deleted.removeAll(left);
      List<Long> hooked = c.hooked.stream().map(row -> idOf(c, row)).sorted().toList();
      assertEquals(List.copyOf(deleted), hooked, () -> c + ": the hook was given other rows than those deleted");
    }
  }

  /**
   * The policy the application reads ({@code RetentionRuntime.policy}), before the first sweep: its live rows, by JPQL
   * and (without a condition) by Criteria, are those the oracle keeps now. Where values a collation may take as one
   * meet, the policy judges each row by its own value's window (as the guide says) and is not held to the oracle.
   */
  private void liveRowsAreThoseTheOracleKeeps(RetentionRuntime retention, Case c, Map<Long, Row> present) {
    Set<String> values = new TreeSet<>(c.configured.keySet());
    values.addAll(c.code.keySet());
    present.values().stream().map(Row::tenant).filter(java.util.Objects::nonNull).forEach(values::add);
    if (values.stream().map(DifferentialTest::folded).distinct().count() < values.size()) {
      return;
    }
    Set<Long> expired = c.expiredNow(present, row -> true);
    Set<Long> kept = new TreeSet<>(present.keySet());
    kept.removeAll(expired);
    kept.removeAll(c.marked); // deleted for the application already: its queries never see them
    dev.retention.runtime.RetentionPolicy policy = retention.policy(c.table);
    Set<Long> live = Jpa.inTransaction(emf, em -> new TreeSet<>(policy.bindLive(em.createQuery(
        "select e." + c.number + " from " + c.entity + " e where " + policy.liveJpql("e"), Long.class), "e").getResultList()));
    assertEquals(kept, live, () -> c + ": the policy's live rows by JPQL " + live + ", the oracle keeps " + kept);
    if (c.condition == null) {
      Set<Long> byCriteria = Jpa.inTransaction(emf, em -> {
        jakarta.persistence.criteria.CriteriaBuilder cb = em.getCriteriaBuilder();
        jakarta.persistence.criteria.CriteriaQuery<Long> query = cb.createQuery(Long.class);
        jakarta.persistence.criteria.Root<? extends DifferentialRow> root = query.from(c.table);
        String[] path = c.number.split("\\.");
        jakarta.persistence.criteria.Path<Long> number = path.length == 1 ? root.get(path[0])
            : root.get(path[0]).get(path[1]);
        return new TreeSet<>(em.createQuery(query.select(number).where(policy.live(cb, root)))
            .getResultList());
      });
      assertEquals(kept, byCriteria, () -> c + ": the policy's live rows by Criteria " + byCriteria
          + ", the oracle keeps " + kept);
    }
    Jpa.run(emf, em -> em.createQuery("select e from " + c.entity + " e", c.table).getResultList().forEach(row -> {
      dev.retention.runtime.Expiry verdict = policy.expiryOf(row);
      assertTrue(verdict != (expired.contains(row.id()) ? dev.retention.runtime.Expiry.LIVE
          : dev.retention.runtime.Expiry.EXPIRED) && (c.condition != null
          || verdict != dev.retention.runtime.Expiry.EXPIRED_IF_CONDITION_HOLDS),
          () -> c + ": the policy says row " + row.id() + " is " + verdict + ", the oracle keeps " + kept);
    }));
  }

  private static long idOf(Case c, Object hooked) {
    return hooked instanceof DifferentialRow row ? row.id() : DifferentialRow.numberOf(c.table, hooked);
  }

  private Set<Long> ids(Case c) {
    if (c.way.force() != Force.SOFT_DELETE) {
      return ids("select e." + c.number + " from " + c.entity + " e");
    }
    // Every row, marked or not: JPQL would leave the marked ones out.
    List<?> ids = Jpa.inTransaction(emf, em -> em.createNativeQuery("select id from differential_row_d")
        .getResultList());
    return ids.stream().map(id -> ((Number) id).longValue()).collect(Collectors.toCollection(TreeSet::new));
  }

  /** The application deletes about a third of the case's rows, which Hibernate marks and leaves in the table. */
  private void markSomeDeleted(Random random, Case c) {
    List<Long> marked = c.rows.keySet().stream().filter(id -> random.nextInt(3) == 0).toList();
    Jpa.run(emf, em -> marked.forEach(id -> em.remove(em.find(c.table, id))));
    c.marked.addAll(marked);
  }
}
