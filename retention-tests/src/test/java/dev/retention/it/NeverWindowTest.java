package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.scopes.TenantNotification;
import dev.retention.it.shapes.InstantRow;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.ScopeWindows;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A window of never, as real schemas ask for it (an identity server keeps a realm's events for ever unless the realm
 * says otherwise): for a pass and for a scope, from configuration and from {@link ScopeWindows}. No statement touches
 * the rows it keeps, no warning is logged for it, and no report shows a cutoff for it. Before, the only way was a
 * 68-year window: a statement per scope with a 1958 cutoff, and a WARNING for every realm with a window of its own.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class NeverWindowTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String EVENTS = TenantNotification.class.getName();
  static final String ROWS = InstantRow.class.getName();

  /** Windows set on purpose; the tests assert what the runtime warns of. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention")
      .allow("Retention windows? of .* shortened (to|for) ");
  /** The batches the runtime started: a pass or a scope kept for ever starts none. */
  private final List<String> batchesStarted = new CopyOnWriteArrayList<>();

  NeverWindowTest(TestDatabase.Kind kind) {
    super(kind, NOW, TenantNotification.class, InstantRow.class);
  }

  @Test
  void aPassKeptForEverRunsNoStatementAndReportsNoCutoff() {
    Jpa.persistAll(emf, List.of(new InstantRow(1, "old", NOW.minus(Duration.ofDays(40_000))),
        new InstantRow(2, "recent", NOW.minus(Duration.ofDays(2)))));

    Map<String, String> never = Map.of("retention." + ROWS + ".retention", "never");
    String startLine = StartLine.of(runtime().configuration(never).build());
    assertTrue(startLine.contains(ROWS + ": retention never, every 1h"), startLine);

    try (RetentionRuntime retention = runtime().configuration(never).build();
        Recording recording = new Recording()) {
      assertEquals(ScopeWindows.NEVER, retention.settings(ROWS).retention());
      // Flight Recorder on, as in production: its listener writes the report's cutoff as epoch milliseconds.
      recording.enable("dev.retention.Sweep");
      recording.start();

      SweepReport report = retention.sweep(ROWS);

      assertTrue(report.succeeded(), report::toString);
      assertEquals(0, report.deleted());
      assertEquals(0, report.batches());
      assertEquals(Instant.MIN, report.cutoff());
      assertTrue(report.toString().contains("keeps every row (window never)"), report::toString);
      assertFalse(report.toString().contains("1958"), report::toString);
    }
    assertEquals(List.of(), batchesStarted);
    assertEquals(2, Jpa.count(emf, InstantRow.class), "a row of 110 years ago is kept too");
    assertEquals(List.of(), warnings.messages(), "no listener failed on a report without a cutoff");
  }

  @Test
  void realmsKeepTheirEventsForEverUnlessTheyHaveAWindow() {
    for (String realm : new String[] {"acme", "globex", "initech", "hooli", null}) {
      events(realm, NOW.minus(Duration.ofDays(400)));
      events(realm, NOW.minus(Duration.ofDays(3)));
    }

    try (RetentionRuntime retention = runtime()
        .configuration(Map.of(
            "retention." + EVENTS + ".retention", "never",
            "retention." + EVENTS + ".scope.acme.retention", "2d",
            "retention." + EVENTS + ".scope.hooli.retention", "never"))
        .scopeWindows(EVENTS, realm -> switch ((String) realm) {
          case "globex" -> Optional.of(Duration.ofDays(30));
          case "initech" -> Optional.of(ScopeWindows.NEVER);
          default -> Optional.empty();
        })
        .build()) {
      SweepReport whole = retention.sweep(EVENTS);
      assertTrue(whole.succeeded(), whole::toString);
      assertEquals(3, whole.deleted(), "acme's two, globex's old one");
      assertEquals(Instant.MIN, whole.cutoff(), "the pass's own window is never");
      assertFalse(whole.keepsEveryRow(), "its scopes' own windows let rows go: " + whole);
      assertTrue(whole.toString().contains("deleted 3 rows in ") && whole.toString().contains(
          ", the pass's own window never (its scopes' own windows)"), whole::toString);

      SweepReport initech = retention.sweep(EVENTS, "initech");
      assertTrue(initech.succeeded(), initech::toString);
      assertEquals(0, initech.batches());
      assertEquals(Instant.MIN, initech.cutoff());
      assertEquals(NOW.minus(Duration.ofDays(2)), retention.sweep(EVENTS, "acme").cutoff());
    }
    assertEquals(Set.of("globex 3", "hooli 400", "hooli 3", "initech 400", "initech 3", "null 400", "null 3"),
        remainingEvents());
    assertEquals(List.of("Retention windows of " + EVENTS + " shortened for scope acme to 2d (compiled: 30d): rows"
        + " the compiled window keeps are deleted"), warnings.messages(), "a window of never shortens nothing");
  }

  @Test
  void neverIsAWindowOfTheRetentionOptionOnly() {
    RetentionRuntime.Builder builder = runtime().configuration(Map.of("retention.defaults.min-retention", "never"));
    String message = assertThrows(RetentionConfigurationException.class, builder::build).getMessage();
    assertTrue(message.contains("retention.defaults.min-retention = \"never\": expected a duration"), message);
  }

  private RetentionRuntime.Builder runtime() {
    return RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC).listener(new SweepListener() {
      @Override
      public void batchStarted(String pass, int number) {
        batchesStarted.add(pass + " " + number);
      }
    });
  }

  private long nextId = 1;

  private void events(String realm, Instant createdAt) {
    Jpa.persistAll(emf, List.of(new TenantNotification(nextId++, realm, createdAt)));
  }

  /** Each event left, as its realm and its age in days. */
  private Set<String> remainingEvents() {
    Set<String> events = new TreeSet<>();
    Jpa.inTransaction(emf, em -> em.createQuery("select n.tenantId, n.createdAt from TenantNotification n",
            Object[].class).getResultList())
        .forEach(row -> events.add(row[0] + " " + Duration.between((Instant) row[1], NOW).toDays()));
    return events;
  }
}
