package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.AuditEntry;
import dev.retention.it.model.SessionToken;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionRuntime;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A window shorter than the compiled one is an explicit act on one pass, said out loud: a default that would shorten
 * one fails the build, naming the passes; a per-pass override is logged at WARNING with both values. Before,
 * {@code retention.defaults.retention=2h} silently shortened every compiled window, a 68-year one included.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class ShortenedWindowTest {

  /** Windows shortened on purpose; the runtime warns of each. */
  @RegisterExtension
  final ExpectedWarnings expectedWarnings = ExpectedWarnings.of("dev.retention")
      .allow("Retention window of .* shortened to ");

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String AUDIT = AuditEntry.class.getName();

  @Parameter
  TestDatabase.Kind kind;

  /** The runtime's loggers, all under {@code dev.retention}. */
  final Logger runtimeLog = Logger.getLogger("dev.retention");
  final List<LogRecord> warnings = new CopyOnWriteArrayList<>();
  final Handler capture = new Handler() {
    @Override
    public void publish(LogRecord record) {
      if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
        warnings.add(record);
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };
  TestDatabase database;
  EntityManagerFactory emf;

  @BeforeEach
  void openDatabase() {
    database = TestDatabase.create(kind);
    emf = Jpa.factory(database, List.of(SessionToken.class, AuditEntry.class));
    runtimeLog.addHandler(capture);
  }

  @AfterEach
  void closeDatabase() throws Exception {
    if (database == null) {
      return; // skipped before it was created (-Dtest.databases)
    }
    runtimeLog.removeHandler(capture);
    emf.close();
    database.close();
  }

  @Test
  void aDefaultThatWouldShortenACompiledWindowFailsTheBuildNamingThePass() {
    Jpa.persistAll(emf, List.of(new AuditEntry(1, NOW.minus(Duration.ofMinutes(45)))));

    RetentionConfigurationException failure = assertThrows(RetentionConfigurationException.class,
        () -> runtime(Map.of("retention.defaults.retention", "30m", "retention.defaults.min-retention", "0")));

    assertEquals(1, failure.problems().size(), failure::getMessage);
    String problem = failure.problems().get(0);
    assertTrue(problem.startsWith("retention.defaults.retention = 30m would shorten the compiled window of "), problem);
    assertTrue(problem.contains(AUDIT + " (compiled: 1h)"), problem);
    assertTrue(problem.endsWith(": a default may lengthen windows, never shorten them. Shorten a pass's window"
        + " explicitly, for that pass alone, with retention.<pass name>.retention"), problem);
    assertEquals(1, Jpa.count(emf, AuditEntry.class));
  }

  @Test
  void aWindowShortenedForOnePassIsLoggedAtWarningWithBothValues() {
    Jpa.persistAll(emf, List.of(new AuditEntry(1, NOW.minus(Duration.ofMinutes(45))),
        new AuditEntry(2, NOW.minus(Duration.ofMinutes(15)))));

    try (RetentionRuntime retention = runtime(Map.of(
        "retention." + AUDIT + ".retention", "30m",
        "retention." + AUDIT + ".min-retention", "10m"))) {
      assertEquals(List.of("Retention window of " + AUDIT + " shortened to 30m (compiled: 1h): rows the compiled"
          + " window keeps are deleted"), messages());

      assertEquals(1, retention.sweep(AUDIT).deleted(), "the entry 45 minutes old goes by the shortened window");
    }
  }

  @Test
  void aLongerWindowIsNoWarning() {
    try (RetentionRuntime retention = runtime(Map.of("retention.defaults.retention", "400d"))) {
      assertEquals(Duration.ofDays(400), retention.settings(AUDIT).retention());
      assertTrue(messages().isEmpty(), messages()::toString);
    }
  }

  private RetentionRuntime runtime(Map<String, String> configuration) {
    return RetentionRuntime.builder(emf).clock(new TestClock(NOW)).configuration(configuration).build();
  }

  private List<String> messages() {
    return warnings.stream().map(LogRecord::getMessage).collect(Collectors.toList());
  }
}
