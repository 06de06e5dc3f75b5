package dev.retention.runtime.internal.scope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.runtime.Scope;
import dev.retention.runtime.ScopeWindows;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The window of a scope by configuration, code and the pass, and the longest window configuration gives any value a
 * collation may take for the same. A scope looked up is folded only where a configured window could lengthen its own;
 * these are the verdicts that shortcut must keep, on both sides of it.
 */
class ScopeWindowingTest {

  private static final ScopeValues TENANTS = new ScopeValues("com.acme.Event", "tenant", String.class);
  private static final Duration PASS = Duration.ofDays(30);

  private static final Map<String, Duration> FROM_CODE = Map.of(
      "acme", Duration.ofDays(45),
      "globex", Duration.ofDays(90),
      "hooli", ScopeWindows.NEVER,
      "initech", Duration.ofDays(10));

  private static ScopeWindowing windowing(Map<Object, Duration> configured) {
    return new ScopeWindowing(TENANTS, PASS, configured, tenant -> Optional.ofNullable(FROM_CODE.get(tenant)));
  }

  private static Duration windowOf(ScopeWindowing windowing, Object value) {
    return windowing.windowOf(Scope.of(value));
  }

  @Test
  void withoutConfiguredWindowsEachScopeHasItsOwnFromCodeOrThePass() {
    ScopeWindowing windowing = windowing(Map.of());

    assertEquals(Duration.ofDays(45), windowOf(windowing, "acme"));
    assertEquals(Duration.ofDays(10), windowOf(windowing, "initech"));
    assertEquals(ScopeWindows.NEVER, windowOf(windowing, "hooli"));
    assertEquals(PASS, windowOf(windowing, "ACME"), "code answers for acme, not for ACME: the pass's window");
    assertEquals(PASS, windowing.windowOf(Scope.of(null)));
  }

  @Test
  void aConfiguredWindowLongerThanAScopesOwnReachesEverySpellingACollationMayMerge() {
    ScopeWindowing windowing = windowing(Map.of("Acme", Duration.ofDays(60)));

    for (int sweep = 1; sweep <= 2; sweep++) { // the second time, from the folds kept
      assertEquals(Duration.ofDays(60), windowOf(windowing, "Acme"));
      assertEquals(Duration.ofDays(60), windowOf(windowing, "acme"), "45 days from code, 60 for Acme");
      assertEquals(Duration.ofDays(60), windowOf(windowing, "ACME  "), "the pass's 30 days, 60 for Acme");
      assertEquals(Duration.ofDays(60), windowOf(windowing, "Acmé"), "accents are merged at primary strength");
      assertEquals(Duration.ofDays(90), windowOf(windowing, "globex"), "its own is longer than any configured");
      assertEquals(ScopeWindows.NEVER, windowOf(windowing, "hooli"));
      assertEquals(Duration.ofDays(10), windowOf(windowing, "initech"), "no configured spelling of it");
      assertEquals(PASS, windowOf(windowing, "umbrella"));
    }
  }

  @Test
  void beyondTheFoldsKeptAValueIsFoldedAtEachLookUp() {
    ScopeWindowing windowing = windowing(Map.of("Acme", Duration.ofDays(60)));
    for (int tenant = 0; tenant < ScopeWindowing.FOLDS_KEPT; tenant++) {
      windowOf(windowing, "tenant-" + tenant);
    }

    assertEquals(Duration.ofDays(60), windowOf(windowing, "ACME"));
    assertEquals(Duration.ofDays(60), windowOf(windowing, "acme"));
    assertEquals(PASS, windowOf(windowing, "umbrella"));
  }

  @Test
  void aScopesOwnWindowEqualToTheLongestConfiguredStaysItsOwn() {
    ScopeWindowing windowing = windowing(Map.of("ACME", Duration.ofDays(45), "Initech", Duration.ofDays(20)));

    assertEquals(Duration.ofDays(45), windowOf(windowing, "acme"));
    assertEquals(Duration.ofDays(45), windowOf(windowing, "ACME"));
    assertEquals(Duration.ofDays(20), windowOf(windowing, "initech"), "10 days from code, 20 for Initech");
    assertEquals(Duration.ofDays(45), windowOf(windowing, "Acme"), "the pass's 30, 45 for ACME");
  }

  @Test
  void neverFromConfigurationKeepsEverySpellingForEver() {
    ScopeWindowing windowing = windowing(Map.of("GLOBEX", ScopeWindows.NEVER));

    assertEquals(ScopeWindows.NEVER, windowOf(windowing, "globex"), "90 days from code, never for GLOBEX");
    assertEquals(ScopeWindows.NEVER, windowOf(windowing, "Globex "));
    assertEquals(Duration.ofDays(45), windowOf(windowing, "acme"));
  }

  @Test
  void aWindowFromCodeThatThrowsFailsThatScopeOnlyWhateverConfigurationGives() {
    for (Map<Object, Duration> configured : java.util.List.<Map<Object, Duration>>of(Map.of(),
        Map.of("Acme", Duration.ofDays(60)))) {
      ScopeWindowing windowing = new ScopeWindowing(TENANTS, PASS, configured, tenant -> {
        if (tenant.equals("broken")) {
          throw new IllegalArgumentException("no such tenant");
        }
        return Optional.empty();
      });

      IllegalStateException failure = assertThrows(IllegalStateException.class, () -> windowOf(windowing, "broken"));
      assertTrue(failure.getMessage().contains("tenant = broken"), failure::getMessage);
      assertEquals(PASS, windowOf(windowing, "other"));
    }
  }

  /**
   * Windows from code declared at least 20 days ({@link ScopeWindows#atLeast}): the shortest window of the pass is the
   * declared one, the pass's or configuration's where shorter; an answer below it fails that scope alone, naming it.
   */
  @Test
  void aDeclaredShortestBoundsTheSweepsFirstReadAndAnAnswerBelowItFailsThatScope() {
    ScopeWindows atLeast20Days = ScopeWindows.atLeast(Duration.ofDays(20),
        tenant -> Optional.ofNullable(FROM_CODE.get(tenant)));
    ScopeWindowing windowing = new ScopeWindowing(TENANTS, PASS, Map.of(), atLeast20Days);

    assertEquals(Duration.ofDays(20), windowing.shortestWindow(), "declared 20 days, below the pass's 30");
    assertEquals(Duration.ofDays(45), windowOf(windowing, "acme"));
    assertEquals(ScopeWindows.NEVER, windowOf(windowing, "hooli"));
    assertEquals(PASS, windowOf(windowing, "umbrella"), "an empty answer is the pass's window");
    IllegalStateException failure = assertThrows(IllegalStateException.class, () -> windowOf(windowing, "initech"));
    assertTrue(failure.getMessage().contains("Pass com.acme.Event: the scope windows given in code answered 10d for"
        + " tenant = initech, shorter than the 20d they declare (ScopeWindows.atLeast); none of its rows is deleted"),
        failure::getMessage);

    assertEquals(Duration.ofDays(15), new ScopeWindowing(TENANTS, PASS, Map.of("globex", Duration.ofDays(15)),
        atLeast20Days).shortestWindow(), "a configured window shorter than the declared one");
    assertEquals(Duration.ZERO, windowing(Map.of()).shortestWindow(), "code declares nothing: it may answer any");
    assertEquals(PASS, new ScopeWindowing(TENANTS, PASS, Map.of("acme", Duration.ofDays(60)), null).shortestWindow(),
        "no code: the pass's and configuration's");
  }

  @Test
  void aNegativeShortestIsRefusedWhereItIsDeclared() {
    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
        () -> ScopeWindows.atLeast(Duration.ofDays(-1), tenant -> Optional.empty()));
    assertTrue(refused.getMessage().contains("the shortest window is negative"), refused::getMessage);
  }
}
