package dev.retention.runtime.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.ScopeWindows;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.health.RetentionView;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import java.util.Optional;

/** One test per rule of option binding: layering, parsing and every check, each problem naming pass, key and value. */
class OptionsBinderTest {

  private static final String AUDIT = "com.acme.AuditLogEntry";
  private static final String SESSION = "com.acme.UserSession";

  private final Map<String, Duration> windows = new LinkedHashMap<>();

  OptionsBinderTest() {
    windows.put(AUDIT, Duration.ofDays(365));
    windows.put(SESSION, Duration.ZERO);
  }

  @Test
  void withNothingSetEveryPassGetsTheDefaultsAndItsAnnotationWindow() {
    PassSettings audit = bind(Map.of()).get(AUDIT);

    BoundSettings expected = BoundSettings.builder(AUDIT).enabled(true).retention(Duration.ofDays(365), false)
        .batchSize(500).batchTarget(Optional.of(Duration.ofMillis(25))).batchSizeFixed(false).batchDelay(Duration.ZERO)
        .sweepInterval(Duration.ofHours(1)).maxStartupStagger(Duration.ofMinutes(1)).maxBatchesPerSweep(100)
        .dryRun(false).batchTimeout(Duration.ofSeconds(30)).maxBatchesPerScope(10)
        .scopeSweepBudget(Duration.ofMillis(200)).scopeWindows(Map.of()).epochCheck(true)
        .expiredPartitions(RetentionOption.ExpiredPartitions.ROWS).minRetention(Duration.ofHours(1)).build();
    // Compared as the view shows them, which names every option (its switch has no default) and what is derived.
    assertEquals(RetentionView.settings(expected.withStatementShape(StatementShape.PORTABLE_JPQL)),
        RetentionView.settings(((BoundSettings) audit).withStatementShape(StatementShape.PORTABLE_JPQL)));
  }

  @Test
  void batchesAreSizedByDefaultAndABatchSizeSetAnywhereFixesThem() {
    Map<String, BoundSettings> settings = bind(Map.of(
        "retention.defaults.batch-target", "80ms",
        "retention." + SESSION + ".batch-size", "500"));

    assertEquals(Optional.of(Duration.ofMillis(80)), settings.get(AUDIT).batchTarget());
    assertEquals(false, settings.get(AUDIT).batchSizeFixed(), "no batch-size for the audit pass");
    assertEquals(true, settings.get(SESSION).batchSizeFixed(), "batch-size set, even to the built-in 500");
    assertEquals(Optional.empty(), settings.get(SESSION).batchTarget(), "a fixed batch-size: no target in force");
    assertEquals(false, bind(Map.of()).get(AUDIT).batchSizeFixed(), "nothing set: sized");
    assertEquals(Optional.of(Duration.ofMillis(25)), bind(Map.of()).get(AUDIT).batchTarget(), "the built-in target");
    assertEquals(true, bind(Map.of("retention.defaults.batch-size", "500")).get(AUDIT).batchSizeFixed(),
        "a default batch-size fixes every pass's batches");
  }

  /**
   * batch-size and batch-target are two ways to size a pass's batches: the one set nearer the pass wins, as every
   * option does. A default batch-size used to fix the batches of a pass that set its own batch-target, dropping it
   * without a word.
   */
  @Test
  void thePassOwnBatchTargetBeatsADefaultBatchSizeWhichIsThenTheFirstBatchsSize() {
    Map<String, BoundSettings> settings = bind(Map.of(
        "retention.defaults.batch-size", "300",
        "retention." + AUDIT + ".batch-target", "10ms"));

    assertFalse(settings.get(AUDIT).batchSizeFixed(), "its own batch-target sizes its batches");
    assertEquals(Optional.of(Duration.ofMillis(10)), settings.get(AUDIT).batchTarget());
    assertEquals(300, settings.get(AUDIT).batchSize(), "the default's size is its first batch's");
    assertTrue(settings.get(SESSION).batchSizeFixed(), "the default batch-size fixes the others' batches");

    // Configuration beats code for the same scope: a target in configuration's defaults beats a size in code's.
    Map<String, BoundSettings> layered = OptionsBinder.bind(windows,
        Map.of("retention.defaults.batch-target", "40ms"), RetentionOptions.empty().withBatchSize(700), Map.of());
    assertFalse(layered.get(AUDIT).batchSizeFixed());
    assertEquals(Optional.of(Duration.ofMillis(40)), layered.get(AUDIT).batchTarget());
    // A pass's own size in code beats a target in configuration's defaults.
    Map<String, BoundSettings> ownSize = OptionsBinder.bind(windows,
        Map.of("retention.defaults.batch-target", "40ms"), RetentionOptions.empty(),
        Map.of(AUDIT, RetentionOptions.empty().withBatchSize(700)));
    assertTrue(ownSize.get(AUDIT).batchSizeFixed());
    assertEquals(700, ownSize.get(AUDIT).batchSize());
    assertFalse(ownSize.get(SESSION).batchSizeFixed());
  }

  /** Set in one place, neither is nearer the pass: the build says so, once, naming both keys. */
  @Test
  void batchSizeAndBatchTargetSetInOnePlaceFailTheBuildOnce() {
    assertProblems(Map.of("retention.defaults.batch-size", "300", "retention.defaults.batch-target", "10ms"),
        "retention.defaults.batch-size = 300 and retention.defaults.batch-target = 10ms are set together: batch-size"
            + " fixes every batch's size, batch-target sizes batches by time, and neither is set nearer any pass. Keep"
            + " one");
    assertProblems(Map.of("retention." + AUDIT + ".batch-size", "300", "retention." + AUDIT + ".batch-target", "10ms"),
        "retention." + AUDIT + ".batch-size = 300 and retention." + AUDIT + ".batch-target = 10ms are set together:"
            + " batch-size fixes every batch's size, batch-target sizes batches by time, and neither is set nearer the"
            + " pass. Keep one");
  }

  /** Batches sized to take as long as the batch timeout would time out: one option would defeat the other. */
  @Test
  void aBatchTargetNotBelowTheBatchTimeoutFailsTheBuild() {
    assertProblems(Map.of("retention.defaults.batch-timeout", "2s", "retention." + AUDIT + ".batch-target", "2s"),
        AUDIT + ": retention." + AUDIT + ".batch-target = 2s is not below batch-timeout 2s"
            + " (retention.defaults.batch-timeout): batches sized to take that long would run into the timeout, which"
            + " fails them. Lower batch-target or raise batch-timeout");
    assertFalse(bind(Map.of("retention.defaults.batch-timeout", "2s", "retention." + AUDIT + ".batch-target", "1s"))
        .get(AUDIT).batchSizeFixed());
    assertTrue(bind(Map.of("retention.defaults.batch-timeout", "2s", "retention.defaults.batch-target", "5s",
        "retention." + AUDIT + ".batch-size", "100", "retention." + SESSION + ".batch-size", "100"))
        .get(AUDIT).batchSizeFixed(), "a target no batch is sized by is no problem");
  }

  @Test
  void aBatchTargetOutsideItsBoundsNamesTheKeyAndTheBound() {
    String range = "allowed: 1ms to 10s (a batch holds its rows' locks that long)";
    RetentionConfigurationException failure = assertThrows(RetentionConfigurationException.class,
        () -> bind(Map.of("retention.defaults.batch-target", "0ms", "retention." + AUDIT + ".batch-target", "1m")));

    assertEquals(List.of(
        "retention." + AUDIT + ".batch-target = \"1m\": must be at most 10s; " + range,
        "retention.defaults.batch-target = \"0ms\": must be above zero; " + range),
        failure.problems());
  }

  @Test
  void configurationSetsDefaultsAndOnePassWithThePassWinning() {
    Map<String, BoundSettings> settings = bind(Map.of(
        "retention.defaults.batch-size", "1000",
        "retention.defaults.dry-run", "true",
        "retention." + AUDIT + ".batch-size", "250",
        "retention." + AUDIT + ".batch-delay", "20ms",
        "unrelated.key", "ignored"));

    assertEquals(250, settings.get(AUDIT).batchSize());
    assertEquals(Duration.ofMillis(20), settings.get(AUDIT).batchDelay());
    assertEquals(1000, settings.get(SESSION).batchSize());
    assertTrue(settings.get(SESSION).dryRun());
  }

  @Test
  void configurationWinsOverCodeInTheSameScopeAndOnePassWinsOverAll() {
    Map<String, BoundSettings> settings = OptionsBinder.bind(windows,
        Map.of("retention.defaults.batch-size", "700", "retention." + SESSION + ".max-batches-per-sweep", "5"),
        RetentionOptions.empty().withBatchSize(600).withMaxBatchesPerSweep(9),
        Map.of(SESSION, RetentionOptions.empty().withBatchSize(800).withMaxBatchesPerSweep(7)));

    assertEquals(700, settings.get(AUDIT).batchSize(), "config defaults over code defaults");
    assertEquals(9, settings.get(AUDIT).maxBatchesPerSweep(), "code defaults where config says nothing");
    assertEquals(800, settings.get(SESSION).batchSize(), "code for one pass over config for all");
    assertEquals(5, settings.get(SESSION).maxBatchesPerSweep(), "config for one pass over code for it");
  }

  @Test
  void aRetentionOverrideReplacesTheAnnotationWindow() {
    PassSettings audit = bind(Map.of("retention." + AUDIT + ".retention", "P90D")).get(AUDIT);

    assertEquals(Duration.ofDays(90), audit.retention());
    assertTrue(audit.retentionOverridden());
  }

  @Test
  void aBatchSizeBelowOneIsRejected() {
    assertProblems(Map.of("retention." + AUDIT + ".batch-size", "0"),
        "retention.com.acme.AuditLogEntry.batch-size = \"0\": must be at least 1");
  }

  @Test
  void aBatchSizeBeyondTheLargestBatchIsRejected() {
    assertProblems(Map.of("retention.defaults.batch-size", "40000"),
        "retention.defaults.batch-size = \"40000\": must be at most 10000; allowed: 1 to 10000");
  }

  @Test
  void aNegativeDurationIsRejected() {
    assertProblems(Map.of("retention." + SESSION + ".batch-delay", "-5s"),
        "retention.com.acme.UserSession.batch-delay = \"-5s\": must not be negative; allowed: 0 to 1h");
  }

  @Test
  void aZeroSweepIntervalIsRejected() {
    assertProblems(Map.of("retention.defaults.sweep-interval", "0"),
        "retention.defaults.sweep-interval = \"0\": must be above zero; allowed: 1s to 365d");
  }

  @Test
  void maxBatchesPerSweepBelowOneIsRejected() {
    assertProblems(Map.of("retention.defaults.max-batches-per-sweep", "0"),
        "retention.defaults.max-batches-per-sweep = \"0\": must be at least 1");
  }

  @Test
  void aRetentionOverrideBelowMinRetentionIsRejectedBecauseItWouldEmptyTheTable() {
    assertProblems(Map.of("retention." + AUDIT + ".retention", "0"),
        "com.acme.AuditLogEntry: retention.com.acme.AuditLogEntry.retention = 0 is below min-retention 1h"
            + " (built-in default): so short a window would empty the table. Raise the retention, or lower"
            + " min-retention if the window is meant");
  }

  @Test
  void aLowerMinRetentionAdmitsAShortOverride() {
    PassSettings session = bind(Map.of(
        "retention." + SESSION + ".retention", "10m",
        "retention." + SESSION + ".min-retention", "5m")).get(SESSION);

    assertEquals(Duration.ofMinutes(10), session.retention());
  }

  @Test
  void anUnknownOptionIsRejectedWithASuggestion() {
    assertProblems(Map.of("retention." + AUDIT + ".bach-size", "100"),
        "retention.com.acme.AuditLogEntry.bach-size = \"100\": no option named bach-size; did you mean batch-size?"
            + " (options: enabled, retention, min-retention, batch-size, batch-target, batch-delay, sweep-interval,"
            + " max-startup-stagger, max-batches-per-sweep, dry-run, batch-timeout, max-batches-per-scope,"
            + " scope-sweep-budget, epoch-check,"
            + " expired-partitions, max-replica-lag, max-replica-lag-mb, max-hold-per-sweep, synchronous-commit,"
            + " max-rows-per-second)");
  }

  @Test
  void aKeyNamingNoDiscoveredPassIsRejectedWithASuggestion() {
    assertProblems(Map.of("retention.com.acme.AuditLog.enabled", "false"),
        "retention.com.acme.AuditLog.enabled = \"false\": no pass named com.acme.AuditLog; did you mean"
            + " com.acme.AuditLogEntry? (discovered: com.acme.AuditLogEntry, com.acme.UserSession)");
  }

  @Test
  void aPassNamedByItsSimpleNameIsSuggestedItsFullName() {
    assertProblems(Map.of("retention.UserSession.enabled", "false"),
        "retention.UserSession.enabled = \"false\": no pass named UserSession; did you mean com.acme.UserSession?"
            + " (discovered: com.acme.AuditLogEntry, com.acme.UserSession)");
  }

  @Test
  void aKeyWithoutAScopeIsRejected() {
    assertProblems(Map.of("retention.enabled", "false"),
        "retention.enabled = \"false\": not an option key; write retention.defaults.<option> for every pass or"
            + " retention.<pass name>.<option> for one");
  }

  @Test
  void malformedValuesAreRejectedSayingWhatIsAccepted() {
    assertProblems(Map.of(
            "retention.defaults.dry-run", "yes",
            "retention.defaults.batch-size", "lots",
            "retention.defaults.batch-delay", "5 minutes"),
        "retention.defaults.batch-delay = \"5 minutes\": expected a duration such as 90d, 12h, 30m, 10s, 500ms or"
            + " ISO-8601 (PT30S, P90D)",
        "retention.defaults.batch-size = \"lots\": expected a whole number",
        "retention.defaults.dry-run = \"yes\": expected true or false");
  }

  @Test
  void expiredPartitionsIsOneOfThreeWordsRowsByDefault() {
    assertProblems(Map.of("retention.defaults.expired-partitions", "truncate"),
        "retention.defaults.expired-partitions = \"truncate\": expected rows, drop, detach");
    Map<String, BoundSettings> settings = bind(Map.of("retention." + SESSION + ".expired-partitions", " DROP "));
    assertEquals(RetentionOption.ExpiredPartitions.DROP, settings.get(SESSION).expiredPartitions());
    assertEquals(RetentionOption.ExpiredPartitions.ROWS, settings.get(AUDIT).expiredPartitions());
    assertEquals("allowed: rows, drop, detach", RetentionOption.EXPIRED_PARTITIONS.allowedRange());
  }

  @Test
  void optionsInCodeAreCheckedAndNamedAsSuch() {
    RetentionConfigurationException failure = assertThrows(RetentionConfigurationException.class,
        () -> OptionsBinder.bind(windows, Map.of(), RetentionOptions.empty().withBatchSize(-1),
            Map.of("com.acme.Nope", RetentionOptions.empty())));

    assertEquals(List.of(
        "defaults(...) in code: batch-size = -1: must be at least 1",
        "options(\"com.acme.Nope\", ...) in code: no pass named com.acme.Nope (discovered: com.acme.AuditLogEntry,"
            + " com.acme.UserSession)"), failure.problems());
  }

  @Test
  void everyProblemIsReportedAtOnceInTheMessage() {
    RetentionConfigurationException failure = assertThrows(RetentionConfigurationException.class, () -> bind(Map.of(
        "retention." + AUDIT + ".batch-size", "0",
        "retention." + SESSION + ".dry-run", "maybe")));

    assertEquals(2, failure.problems().size());
    assertTrue(failure.getMessage().startsWith("Retention is misconfigured (2 problems):"), failure.getMessage());
    failure.problems().forEach(problem -> assertTrue(failure.getMessage().contains(problem)));
  }

  @Test
  void anInvalidValueDoesNotAlsoCauseAFollowOnProblem() {
    RetentionConfigurationException failure = assertThrows(RetentionConfigurationException.class, () -> bind(Map.of(
        "retention." + AUDIT + ".min-retention", "-1h",
        "retention." + AUDIT + ".retention", "2h")));

    assertEquals(List.of("retention.com.acme.AuditLogEntry.min-retention = \"-1h\": must not be negative; allowed: 0"
            + " to 2147483647s (the longest @Ttl window, about 68 years)"),
        failure.problems());
  }

  @Test
  void theEffectiveIntervalIsTheSmallerOfTheIntervalAndTheRetention() {
    Map<String, BoundSettings> settings = bind(Map.of(
        "retention." + AUDIT + ".retention", "2h",
        "retention." + AUDIT + ".min-retention", "1h",
        "retention." + AUDIT + ".sweep-interval", "6h"));

    assertEquals(Duration.ofHours(2), settings.get(AUDIT).effectiveInterval(), "retention below the interval");
    assertEquals(Duration.ofHours(1), settings.get(SESSION).effectiveInterval(), "retention zero: the interval");
    windows.put("com.acme.Short", Duration.ofMinutes(10));
    assertEquals(Duration.ofMinutes(10), bind(Map.of()).get("com.acme.Short").effectiveInterval());
    assertFalse(bind(Map.of()).get(AUDIT).retentionOverridden());
  }

  @Test
  void aDefaultRetentionMayNotShortenACompiledWindowAndTheErrorNamesEveryPassItWould() {
    windows.put("com.acme.Archive", Duration.ofSeconds(Integer.MAX_VALUE));

    assertProblems(Map.of("retention.defaults.retention", "2h"),
        "retention.defaults.retention = 2h would shorten the compiled window of com.acme.AuditLogEntry (compiled:"
            + " 365d), com.acme.Archive (compiled: 2147483647s): a default may lengthen windows, never shorten them."
            + " Shorten a pass's window explicitly, for that pass alone, with retention.<pass name>.retention");
  }

  @Test
  void aDefaultRetentionSetInCodeMayNotShortenACompiledWindowEither() {
    RetentionConfigurationException failure = assertThrows(RetentionConfigurationException.class,
        () -> OptionsBinder.bind(windows, Map.of(),
            RetentionOptions.empty().withRetention(Duration.ofDays(30)), Map.of()));

    assertEquals(List.of("defaults(...) in code: retention = 30d would shorten the compiled window of"
        + " com.acme.AuditLogEntry (compiled: 365d): a default may lengthen windows, never shorten them. Shorten a"
        + " pass's window explicitly, for that pass alone, with retention.<pass name>.retention"), failure.problems());
  }

  @Test
  void aDefaultRetentionLengthensWhereItIsLongerAndAPassOverrideShortensExplicitly() {
    Map<String, BoundSettings> settings = bind(Map.of(
        "retention.defaults.retention", "400d",
        "retention." + SESSION + ".retention", "2h"));

    assertEquals(Duration.ofDays(400), settings.get(AUDIT).retention(), "lengthened by the default");
    assertEquals(Duration.ofHours(2), settings.get(SESSION).retention());
  }

  @Test
  void aShorteningDefaultIsFineForAPassWhoseOwnRetentionOverridesIt() {
    Map<String, BoundSettings> settings = bind(Map.of(
        "retention.defaults.retention", "2h",
        "retention." + AUDIT + ".retention", "30d"));

    assertEquals(Duration.ofDays(30), settings.get(AUDIT).retention(), "shortened explicitly, for this pass");
    assertEquals(Duration.ofHours(2), settings.get(SESSION).retention(), "0 lengthened to 2h");
  }

  @Test
  void thePacingOptionsAreBoundForOnePassAndForAll() {
    Map<String, BoundSettings> settings = bind(Map.of(
        "retention.defaults.max-replica-lag-mb", "8",
        "retention.defaults.synchronous-commit", "server",
        "retention." + AUDIT + ".max-replica-lag", "2s",
        "retention." + AUDIT + ".max-hold-per-sweep", "5m",
        "retention." + AUDIT + ".max-rows-per-second", "1_000"));

    assertEquals(8, settings.get(AUDIT).maxReplicaLagMb());
    assertEquals(8, settings.get(SESSION).maxReplicaLagMb());
    assertEquals(Duration.ofSeconds(2), settings.get(AUDIT).maxReplicaLag());
    assertEquals(Duration.ZERO, settings.get(SESSION).maxReplicaLag(), "not checked by default");
    assertEquals(Duration.ofMinutes(5), settings.get(AUDIT).maxHoldPerSweep());
    assertEquals(Duration.ofMinutes(1), settings.get(SESSION).maxHoldPerSweep(), "the built-in default");
    assertEquals(1_000, settings.get(AUDIT).maxRowsPerSecond());
    assertEquals(0, settings.get(SESSION).maxRowsPerSecond(), "no limit by default");
    assertEquals(RetentionOption.SynchronousCommit.SERVER, settings.get(SESSION).synchronousCommit());
  }

  @Test
  void aSynchronousCommitOtherThanAutoOrServerIsRejected() {
    assertProblems(Map.of("retention.defaults.synchronous-commit", "on"),
        "retention.defaults.synchronous-commit = \"on\": expected auto, server");
  }

  @Test
  void aScopesWindowIsReadWithTheScopeValueAsWrittenDotsIncluded() {
    Map<String, BoundSettings> settings = bind(Map.of(
        "retention." + AUDIT + ".scope.acme.retention", "30d",
        "retention." + AUDIT + ".scope.example.com.retention", "730d",
        "retention." + AUDIT + ".max-batches-per-scope", "3",
        "retention." + AUDIT + ".scope-sweep-budget", "50ms"));

    assertEquals(Map.of("acme", Duration.ofDays(30), "example.com", Duration.ofDays(730)),
        settings.get(AUDIT).scopeWindows());
    assertEquals(3, settings.get(AUDIT).maxBatchesPerScope());
    assertEquals(Duration.ofMillis(50), settings.get(AUDIT).scopeSweepBudget());
    assertEquals(Map.of(), settings.get(SESSION).scopeWindows());
    assertEquals(10, settings.get(SESSION).maxBatchesPerScope(), "the built-in default");
  }

  @Test
  void neverIsAWindowForAPassAndForAScopeAndLengthensEveryCompiledOne() {
    Map<String, BoundSettings> settings = bind(Map.of(
        "retention." + AUDIT + ".retention", "never",
        "retention." + AUDIT + ".scope.acme.retention", "NEVER",
        "retention.defaults.retention", "never"));

    assertEquals(ScopeWindows.NEVER, settings.get(AUDIT).retention());
    assertEquals(Map.of("acme", ScopeWindows.NEVER), settings.get(AUDIT).scopeWindows());
    assertEquals(ScopeWindows.NEVER, settings.get(SESSION).retention(), "a default that lengthens every window");
    assertEquals(settings.get(AUDIT).sweepInterval(), settings.get(AUDIT).effectiveInterval());
    assertEquals("never", RetentionOption.RETENTION.format(ScopeWindows.NEVER));
  }

  @Test
  void neverIsNoMinRetention() {
    assertProblems(Map.of("retention.defaults.min-retention", "never"),
        "retention.defaults.min-retention = \"never\": expected a duration such as 90d, 12h, 30m, 10s, 500ms or"
            + " ISO-8601 (PT30S, P90D)");
  }

  @Test
  void theScopeOfTheEmptyValueHasAKeyWithNothingBetweenTheDots() {
    Map<String, BoundSettings> settings = bind(Map.of("retention." + AUDIT + ".scope..retention", "7d"));

    assertEquals(Map.of("", Duration.ofDays(7)), settings.get(AUDIT).scopeWindows());
  }

  @Test
  void aScopesWindowIsHeldToMinRetentionAndOnlyTheWindowCanBeSetPerScope() {
    assertProblems(Map.of(
            "retention." + AUDIT + ".scope.acme.retention", "10m",
            "retention." + AUDIT + ".scope.acme.batch-size", "5",
            "retention.defaults.scope.acme.retention", "30d"),
        "retention." + AUDIT + ".scope.acme.batch-size = \"5\": only the window can be set for one scope, as"
            + " retention." + AUDIT + ".scope.<scope value>.retention",
        "retention.defaults.scope.acme.retention = \"30d\": windows of single scopes are set per pass, as"
            + " retention.<pass name>.scope.<scope value>.retention",
        AUDIT + ": retention." + AUDIT + ".scope.acme.retention = 10m is below min-retention 1h (built-in default):"
            + " so short a window would empty the scope's rows. Raise the window, or lower min-retention if it is"
            + " meant");
  }

  @Test
  void aScopesWindowThatIsNoDurationNamesTheKey() {
    assertProblems(Map.of("retention." + AUDIT + ".scope.acme.retention", "soon"),
        "retention." + AUDIT + ".scope.acme.retention = \"soon\": " + failureOf("soon"));
  }

  private static String failureOf(String text) {
    try {
      dev.retention.runtime.RetentionOption.RETENTION.parse(text);
      throw new AssertionError(text + " parsed");
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
  }

  private Map<String, BoundSettings> bind(Map<String, String> configuration) {
    return OptionsBinder.bind(windows, configuration, RetentionOptions.empty(), Map.of());
  }

  private void assertProblems(Map<String, String> configuration, String... expected) {
    RetentionConfigurationException failure =
        assertThrows(RetentionConfigurationException.class, () -> bind(configuration));
    assertEquals(List.of(expected), failure.problems());
  }
}
