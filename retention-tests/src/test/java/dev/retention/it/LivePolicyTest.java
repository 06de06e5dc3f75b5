package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.conditions.BatchJob;
import dev.retention.it.conditions.JobStatus;
import dev.retention.it.epoch.ApiKey;
import dev.retention.it.scopes.AccountUpload;
import dev.retention.it.scopes.TenantNotification;
import dev.retention.it.shapes.CalendarRow;
import dev.retention.it.shapes.LocalDateTimeRow;
import dev.retention.it.shapes.UtilDateRow;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.EveryProvider;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.JpaProvider;
import dev.retention.it.support.RandomCases;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.Expiry;
import dev.retention.runtime.RetentionPolicy;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.ScopeWindows;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManager;
import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.CriteriaQuery;
import jakarta.persistence.criteria.Root;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.Date;
import java.util.GregorianCalendar;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TimeZone;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The policy the application reads ({@link RetentionRuntime#policy}) against the sweep itself, on random cases: for
 * each, rows around the cutoffs of the case's windows, a runtime whose configuration lengthens, shortens or nevers the
 * pass's window and gives scopes windows of their own (and code more), then at one {@code now}: the live rows by the
 * JPQL fragment (over a random alias) and by the Criteria predicate, and each row's {@link Expiry} in Java; then sweeps
 * at that {@code now} until nothing is left to delete. The rows the live queries return must be exactly the rows the
 * sweep kept; the Java verdict must be {@code LIVE} for each kept row and {@code EXPIRED} for each deleted one, or, with
 * a condition, {@code EXPIRED_IF_CONDITION_HOLDS} for every row whose fate the condition decided.
 *
 * <p>Subjects: scopes of text and of numbers, conditions (one over a nullable enum, which SQL's third value keeps),
 * wall-clock values in Berlin around both daylight-saving transitions, epoch seconds, {@code Date} and
 * {@code Calendar}. {@code -Dinvariant.seed=<n>} replays a run; {@code -Dinvariant.policy.cases=<n>} changes its size.
 */
@EveryProvider
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class LivePolicyTest extends DatabaseSuite {

  private static final Instant ORIGIN = Instant.parse("2026-06-01T12:00:00Z");
  private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
  /** The instants Berlin's clocks go forward and back in 2026. */
  private static final List<Instant> TRANSITIONS =
      List.of(Instant.parse("2026-03-29T01:00:00Z"), Instant.parse("2026-10-25T01:00:00Z"));
  private static final int CASES = 150;
  private static final int MAX_SWEEPS = 200;

  /** Windows shortened on purpose; the runtime warns of each. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention")
      .allow("Retention windows? of .* shortened (to|for) ");

  /** An entity of the suite: how it is written, and what of its rule a case may vary. */
  private enum Subject {
    NOTIFICATIONS(TenantNotification.class, Duration.ofDays(30), List.of("acme", "globex", "initech"), ZoneOffset.UTC),
    UPLOADS(AccountUpload.class, Duration.ofDays(7), List.of(7L, 42L, 1_000L), ZoneOffset.UTC),
    JOBS(BatchJob.class, Duration.ofDays(7), List.of(), ZoneOffset.UTC),
    WALL_CLOCKS(LocalDateTimeRow.class, Duration.ofHours(1), List.of(), BERLIN),
    EPOCH_SECONDS(ApiKey.class, Duration.ZERO, List.of(), ZoneOffset.UTC),
    DATES(UtilDateRow.class, Duration.ofHours(1), List.of(), ZoneOffset.UTC),
    CALENDARS(CalendarRow.class, Duration.ofHours(1), List.of(), ZoneOffset.UTC);

    final Class<?> entity;
    final Duration compiled;
    final List<Object> scopes;
    final ZoneId zone;

    Subject(Class<?> entity, Duration compiled, List<Object> scopes, ZoneId zone) {
      this.entity = entity;
      this.compiled = compiled;
      this.scopes = scopes;
      this.zone = zone;
    }

    String pass() {
      return entity.getName();
    }

    boolean hasCondition() {
      return this == UPLOADS || this == JOBS;
    }

    /** A row with a date near {@code around}, or none; its scope {@code scope}. */
    Object row(long id, Random random, Instant around, Object scope) {
      Instant at = RandomCases.dateAround(random, around, Duration.ofHours(2));
      return switch (this) {
        case NOTIFICATIONS -> new TenantNotification(id, (String) scope, at);
        case UPLOADS -> new AccountUpload(id, (Long) scope, random.nextBoolean(), at);
        case JOBS -> new BatchJob(id, random.nextInt(4) == 0 ? null : JobStatus.values()[random.nextInt(3)],
            random.nextInt(5), at);
        case WALL_CLOCKS -> new LocalDateTimeRow(id, "w", wallClock(random, around));
        case EPOCH_SECONDS -> new ApiKey(id, at == null ? null : at.getEpochSecond());
        case DATES -> new UtilDateRow(id, "d", at == null ? null : Date.from(at));
        case CALENDARS -> new CalendarRow(id, "c", at == null ? null : calendar(at));
      };
    }

    /**
     * A Berlin wall-clock time near {@code around}: either reading of an hour the zone repeats, a time in the hour it
     * skips, the cutoff's own wall-clock times at either offset and a millisecond off them, or none.
     */
    private static LocalDateTime wallClock(Random random, Instant around) {
      Instant near = around.plusMillis(random.nextLong(10_800_000) - 5_400_000);
      return switch (random.nextInt(6)) {
        case 0 -> null;
        case 1 -> LocalDateTime.ofInstant(around, ZoneOffset.ofHours(1 + random.nextInt(2)))
            .plusNanos((random.nextInt(3) - 1) * 1_000_000L);
        case 2 -> LocalDateTime.ofInstant(near, ZoneOffset.ofHours(1));
        case 3 -> LocalDateTime.ofInstant(near, ZoneOffset.ofHours(2));
        default -> LocalDateTime.ofInstant(near, BERLIN);
      };
    }

    private static Calendar calendar(Instant at) {
      GregorianCalendar calendar = new GregorianCalendar(TimeZone.getTimeZone(ZoneOffset.UTC));
      calendar.setTimeInMillis(at.toEpochMilli());
      return calendar;
    }
  }

  /** The windows of one case, as configuration and code give them. */
  private record Windows(Optional<Duration> pass, Map<Object, Duration> configured,
      Map<Object, Optional<Duration>> code) {}

  LivePolicyTest(TestDatabase.Kind kind) {
    super(kind, ORIGIN, TenantNotification.class, AccountUpload.class, BatchJob.class, LocalDateTimeRow.class,
        ApiKey.class, UtilDateRow.class, CalendarRow.class);
  }

  @Test
  void theLiveRowsAreExactlyTheRowsASweepAtTheSameNowKeeps() {
    RandomCases.run("policy", database, CASES, this::runCase);
  }

  private void runCase(Random random) {
    Subject drawn = Subject.values()[random.nextInt(Subject.values().length)];
    // EclipseLink prints a boolean literal inside a subquery as a number, which H2 and PostgreSQL refuse to compare
    // with a boolean column: the guide says so (a condition with true or false, on EclipseLink).
    Subject subject = drawn == Subject.UPLOADS && JpaProvider.onClassPath() == JpaProvider.ECLIPSELINK
        ? Subject.JOBS : drawn;
    Jpa.run(emf, em -> em.createQuery("delete from " + subject.entity.getSimpleName()).executeUpdate());
    Instant now = subject == Subject.WALL_CLOCKS
        ? TRANSITIONS.get(random.nextInt(2)).plus(subject.compiled).plusSeconds(random.nextInt(10_800) - 5_400)
        : ORIGIN.plusMillis(random.nextInt(86_400_000));
    Windows windows = windows(random, subject);
    List<Instant> cutoffs = cutoffs(now, subject, windows);
    List<Object> scopeChoices = new ArrayList<>(subject.scopes);
    scopeChoices.add(null);
    List<Object> rows = new ArrayList<>();
    int count = 5 + random.nextInt(30);
    for (long id = 1; id <= count; id++) {
      Object scope = scopeChoices.get(random.nextInt(scopeChoices.size()));
      rows.add(subject.row(id, random, cutoffs.get(random.nextInt(cutoffs.size())), subject.scopes.isEmpty() ? null
          : scope));
    }
    Jpa.persistAll(emf, rows);
    clock.set(now);

    try (RetentionRuntime retention = runtime(subject, windows)) {
      boolean scopeByScope = !subject.scopes.isEmpty() && random.nextBoolean();
      Set<Long> live = liveByJpql(retention, subject, scopeByScope, random);
      Set<Long> liveByCriteria = subject.hasCondition() ? null : liveByCriteria(retention, subject, scopeByScope);
      Map<Long, Expiry> verdicts = verdicts(retention, subject);

      for (int sweeps = 0; ; sweeps++) {
        assertTrue(sweeps < MAX_SWEEPS, "the sweeps never drained " + subject.pass());
        SweepReport report = retention.sweep(subject.pass());
        assertNull(report.failure().orElse(null), () -> "the sweep failed: " + report);
        if (!report.workRemains()) {
          break;
        }
      }
      Set<Long> kept = ids("select e.id from " + subject.entity.getSimpleName() + " e");
      String context = subject + " at " + now + " with " + windows;
      assertEquals(kept, live, "the live rows by JPQL are the rows the sweep kept: " + context);
      if (liveByCriteria != null) {
        assertEquals(kept, liveByCriteria, "the live rows by Criteria are the rows the sweep kept: " + context);
      }
      verdicts.forEach((id, expiry) -> {
        if (kept.contains(id)) {
          assertNotEquals(Expiry.EXPIRED, expiry, "row " + id + " was kept: " + context);
        } else {
          assertNotEquals(Expiry.LIVE, expiry, "row " + id + " was deleted: " + context);
        }
        if (!subject.hasCondition()) {
          assertNotEquals(Expiry.EXPIRED_IF_CONDITION_HOLDS, expiry, "no condition: " + context);
        }
      });
    }
  }

  /** The pass's window from configuration (or the compiled one), each scope's from configuration and code. */
  private static Windows windows(Random random, Subject subject) {
    Optional<Duration> pass = switch (random.nextInt(5)) {
      case 0 -> Optional.empty();
      case 1 -> Optional.of(ScopeWindows.NEVER);
      default -> Optional.of(Duration.ofMinutes(random.nextInt(14 * 24 * 60)));
    };
    Map<Object, Duration> configured = new LinkedHashMap<>();
    Map<Object, Optional<Duration>> code = new LinkedHashMap<>();
    for (Object scope : subject.scopes) {
      switch (random.nextInt(4)) {
        case 0 -> configured.put(scope, random.nextInt(6) == 0 ? ScopeWindows.NEVER
            : Duration.ofMinutes(random.nextInt(14 * 24 * 60)));
        case 1 -> code.put(scope, random.nextInt(5) == 0 ? Optional.empty() : Optional.of(random.nextInt(6) == 0
            ? ScopeWindows.NEVER : Duration.ofMinutes(random.nextInt(14 * 24 * 60))));
        default -> { }
      }
    }
    return new Windows(pass, configured, code);
  }

  /** Where rows are dated around: each window's cutoff at {@code now}, and {@code now} itself. */
  private static List<Instant> cutoffs(Instant now, Subject subject, Windows windows) {
    List<Instant> cutoffs = new ArrayList<>();
    cutoffs.add(now);
    cutoffs.add(now.minus(windows.pass().filter(window -> !ScopeWindows.NEVER.equals(window))
        .orElse(subject.compiled)));
    windows.configured().values().stream().filter(window -> !ScopeWindows.NEVER.equals(window))
        .forEach(window -> cutoffs.add(now.minus(window)));
    windows.code().values().stream().flatMap(Optional::stream).filter(window -> !ScopeWindows.NEVER.equals(window))
        .forEach(window -> cutoffs.add(now.minus(window)));
    return cutoffs;
  }

  private RetentionRuntime runtime(Subject subject, Windows windows) {
    Map<String, String> configuration = new HashMap<>();
    configuration.put("retention." + subject.pass() + ".min-retention", "0s");
    windows.pass().ifPresent(window -> configuration.put("retention." + subject.pass() + ".retention",
        minutes(window)));
    windows.configured().forEach((scope, window) ->
        configuration.put("retention." + subject.pass() + ".scope." + scope + ".retention", minutes(window)));
    RetentionRuntime.Builder builder = RetentionRuntime.builder(emf).clock(clock).zone(subject.zone)
        .configuration(configuration);
    if (!windows.code().isEmpty()) {
      builder.scopeWindows(subject.pass(), scope -> windows.code().getOrDefault(scope, Optional.empty()));
    }
    return builder.build();
  }

  private static String minutes(Duration window) {
    return ScopeWindows.NEVER.equals(window) ? "never" : window.toMinutes() + "m";
  }

  /**
   * The live rows by the JPQL fragment over a random alias, joined to a condition of the application's own: all at
   * once, or scope by scope (the rows of each scope, and those of none).
   */
  private Set<Long> liveByJpql(RetentionRuntime retention, Subject subject, boolean scopeByScope, Random random) {
    String alias = random.nextBoolean() ? "e" : "token";
    String query = "select " + alias + ".id from " + subject.entity.getSimpleName() + " " + alias + " where "
        + alias + ".id > :after and ";
    return byPolicies(retention, subject, scopeByScope, policy -> Jpa.inTransaction(emf, em -> new TreeSet<>(
        policy.bindLive(em.createQuery(query + policy.liveJpql(alias), Long.class), alias)
            .setParameter("after", 0L).getResultList())));
  }

  private Set<Long> liveByCriteria(RetentionRuntime retention, Subject subject, boolean scopeByScope) {
    return byPolicies(retention, subject, scopeByScope, policy -> Jpa.inTransaction(emf, em -> new TreeSet<>(
        em.createQuery(criteria(em, subject.entity, policy)).getResultList())));
  }

  private static <T> CriteriaQuery<Long> criteria(EntityManager em, Class<T> entity, RetentionPolicy policy) {
    CriteriaBuilder cb = em.getCriteriaBuilder();
    CriteriaQuery<Long> query = cb.createQuery(Long.class);
    Root<T> root = query.from(entity);
    return query.select(root.get("id")).where(policy.live(cb, root));
  }

  private static Set<Long> byPolicies(RetentionRuntime retention, Subject subject, boolean scopeByScope,
      Function<RetentionPolicy, Set<Long>> live) {
    if (!scopeByScope) {
      return live.apply(retention.policy(subject.entity));
    }
    Set<Long> ids = new TreeSet<>();
    List<Object> scopes = new ArrayList<>(subject.scopes);
    scopes.add(null);
    for (Object scope : scopes) {
      ids.addAll(live.apply(retention.policy(subject.entity, scope)));
    }
    return ids;
  }

  /** Each row's verdict in Java, from the instance as the provider loads it. */
  private Map<Long, Expiry> verdicts(RetentionRuntime retention, Subject subject) {
    RetentionPolicy policy = retention.policy(subject.entity);
    return Jpa.inTransaction(emf, em -> {
      Map<Long, Expiry> verdicts = new HashMap<>();
      for (Object row : em.createQuery("select e from " + subject.entity.getSimpleName() + " e", subject.entity)
          .getResultList()) {
        verdicts.put((Long) emf.getPersistenceUnitUtil().getIdentifier(row), policy.expiryOf(row));
      }
      return verdicts;
    });
  }
}
