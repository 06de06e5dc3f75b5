package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.SessionToken;
import dev.retention.it.shapes.CallbackRow;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.JpaProvider;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The database is the server's word, not the dialect's: a MariaDB server behind Hibernate's {@code MySQLDialect} (set by
 * hand, or left from a MySQL past) got the MySQL profile, whose locking statement Hibernate then writes as MySQL's
 * {@code for update of … skip locked}, which MariaDB refuses: every sweep at a small batch size failed, and the start
 * line gave no hint. The profile now follows the server, the statements Hibernate would write in the other database's
 * words step aside for the portable JPQL, and the start line says why and what to set; a pass whose batches must lock
 * rows, which only Hibernate's own clause can, fails the build saying the same.
 */
@Timeout(120)
class DialectAndServerTest {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String SESSIONS = SessionToken.class.getName();

  final TestClock clock = new TestClock(NOW);
  TestDatabase database;
  EntityManagerFactory emf;

  @BeforeEach
  void openDatabase() {
    Assumptions.assumeTrue(JpaProvider.onClassPath() == JpaProvider.HIBERNATE, "a Hibernate dialect");
    database = TestDatabase.create(TestDatabase.Kind.MARIADB);
    emf = Jpa.factory(database, List.of(SessionToken.class, CallbackRow.class),
        Map.of("hibernate.dialect", "org.hibernate.dialect.MySQLDialect"));
    List<SessionToken> sessions = new ArrayList<>();
    for (long id = 1; id <= 150; id++) {
      sessions.add(new SessionToken(id, id <= 120 ? NOW.minus(Duration.ofMinutes(id)) : NOW.plus(Duration.ofDays(1))));
    }
    Jpa.persistAll(emf, sessions);
    List<CallbackRow> removed = new ArrayList<>();
    for (long id = 1; id <= 30; id++) {
      removed.add(new CallbackRow(id, "row " + id, id <= 25 ? NOW.minus(Duration.ofMinutes(id)) : NOW.plusSeconds(60)));
    }
    Jpa.persistAll(emf, removed);
  }

  @AfterEach
  void closeDatabase() throws Exception {
    if (emf != null) {
      emf.close();
    }
    if (database != null) {
      database.close();
    }
  }

  /** The runtime, the pass that removes entities (and so locks its rows) disabled. */
  private RetentionRuntime.Builder runtime() {
    return RetentionRuntime.builder(emf).clock(clock)
        .defaults(RetentionOptions.empty().withBatchSize(10).withBatchTimeout(Duration.ofSeconds(5)))
        .options(CallbackRow.class.getName(), RetentionOptions.empty().withEnabled(false));
  }

  @Test
  void aMariaDbServerBehindTheMySqlDialectSweepsAtSmallBatchesAndTheStartLineSaysWhy() {
    try (RetentionRuntime retention = runtime().build()) {
      SweepReport report = retention.sweep(SESSIONS);

      assertTrue(report.succeeded(), () -> "the sweep failed: " + report.failure().orElseThrow());
      assertEquals(120, report.deleted());
      assertEquals(30, Jpa.count(emf, SessionToken.class));
      assertEquals(StatementShape.PORTABLE_JPQL, retention.settings(SESSIONS).statementShape());
    }
    String line = StartLine.of(runtime().build());
    assertTrue(line.contains("the dialect is MySQLDialect (MySQL) but the server is MariaDB")
        && line.contains("set hibernate.dialect to MariaDB's dialect or leave it unset"), line);
  }

  /**
   * A pass whose batches lock rows (here: it removes entities, for their {@code @PreRemove}) would fail every sweep:
   * Hibernate writes every row lock in the dialect's words ({@code for update of cr1_0}). It fails the build instead,
   * naming the pass and what to set; nothing is deleted.
   */
  @Test
  void aPassThatLocksItsRowsFailsTheBuildNamingTheDialectToSet() {
    RetentionConfigurationException refused = assertThrows(RetentionConfigurationException.class,
        () -> RetentionRuntime.builder(emf).clock(clock).build());

    assertTrue(refused.getMessage().contains("Pass " + CallbackRow.class.getName() + " cannot delete its rows: its"
        + " batches lock rows, which Hibernate writes in MySQLDialect's words")
        && refused.getMessage().contains("set hibernate.dialect to MariaDB's dialect or leave it unset"),
        refused::getMessage);
    assertFalse(refused.getMessage().contains(SESSIONS), "the plain pass runs: " + refused.getMessage());
    assertEquals(150, Jpa.count(emf, SessionToken.class));
  }
}
