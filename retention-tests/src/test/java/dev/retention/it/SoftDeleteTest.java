package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.softdelete.DeletedEvent;
import dev.retention.it.softdelete.SoftDeletedNote;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.SweepReport;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Hibernate's {@code @SoftDelete} turns a JPQL delete into an update that marks rows, and hides marked rows from every
 * JPQL read: a sweep by JPQL would never shrink the table while reporting rows deleted. Retention purges such an
 * entity's expired rows for real, marked or not, with native statements, and refuses at {@code build()} a pass it
 * cannot purge so. With {@code @SoftDelete(strategy = TIMESTAMP)} and the marker mapped as the {@code @Ttl} attribute,
 * rows go a window after their deletion.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class SoftDeleteTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-06-01T12:00:00Z");
  static final String NOTES = SoftDeletedNote.class.getName();
  static final String EVENTS = DeletedEvent.class.getName();

  SoftDeleteTest(TestDatabase.Kind kind) {
    super(kind, NOW, SoftDeletedNote.class, DeletedEvent.class);
  }

  /** Six notes: 1 to 4 expired, 5 and 6 not; 2, 4 and 6 deleted softly by the application. */
  private void persistNotes() {
    Jpa.persistAll(emf, List.of(new SoftDeletedNote(1, NOW.minusSeconds(60)),
        new SoftDeletedNote(2, NOW.minusSeconds(50)), new SoftDeletedNote(3, NOW.minus(Duration.ofDays(3))),
        new SoftDeletedNote(4, NOW.minus(Duration.ofDays(2))), new SoftDeletedNote(5, NOW.plusSeconds(60)),
        new SoftDeletedNote(6, NOW.plusSeconds(70))));
    Jpa.run(emf, em -> List.of(2L, 4L, 6L).forEach(id -> em.remove(em.find(SoftDeletedNote.class, id))));
    assertEquals(Set.of(1L, 3L, 5L), ids("select n.id from SoftDeletedNote n"), "JPQL sees the unmarked only");
  }

  @Test
  void expiredRowsGoForRealMarkedOrNotAndTheTableShrinks() throws SQLException {
    persistNotes();

    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).build()) {
      assertEquals(StatementShape.SOFT_DELETE_PURGE, retention.settings(NOTES).statementShape());
      SweepReport dryRun = dryRun(NOTES);
      assertEquals(4, dryRun.deleted(), "a dry run counts the marked rows too: " + dryRun);

      SweepReport report = retention.sweep(NOTES);

      assertTrue(report.succeeded(), report::toString);
      assertEquals(4, report.deleted(), report::toString);
    }
    assertEquals(Set.of(5L, 6L), physicalIds("soft_deleted_note"), "the rows left in the table");
  }

  @Test
  void aSweepThatLeavesRowsMeasuresItsLagFromTheOldestMarkedOrNot() {
    persistNotes();

    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock)
        .options(NOTES, RetentionOptions.empty().withBatchSize(1).withMaxBatchesPerSweep(1)).build()) {
      SweepReport report = retention.sweep(NOTES);

      assertEquals(1, report.deleted(), "note 3, the oldest: " + report);
      assertTrue(report.workRemains(), report::toString);
      assertEquals(java.util.Optional.of(Duration.ofDays(2)), report.lag(), "note 4, marked: " + report);
    }
  }

  @Test
  void theStartLineSaysThePassPurgesPastSoftDelete() {
    String line = StartLine.of(RetentionRuntime.builder(emf).clock(clock).build());

    assertTrue(line.contains(NOTES) && line.contains("native purge past @SoftDelete"), line);
  }

  @Test
  void withTheMarkerAsTheTtlAttributeRowsGoAWindowAfterTheirDeletion() throws SQLException {
    Jpa.persistAll(emf, List.of(new DeletedEvent(1), new DeletedEvent(2), new DeletedEvent(3)));
    try (Connection connection = database.connect();
        PreparedStatement mark = connection.prepareStatement("update deleted_event set deleted_at = ? where id = ?")) {
      mark.setTimestamp(1, Timestamp.from(NOW.minus(Duration.ofDays(40))));
      mark.setLong(2, 1);
      mark.executeUpdate();
      mark.setTimestamp(1, Timestamp.from(NOW.minus(Duration.ofDays(5))));
      mark.setLong(2, 2);
      mark.executeUpdate();
    }

    SweepReport report;
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).build()) {
      report = retention.sweep(EVENTS);
    }

    assertTrue(report.succeeded(), report::toString);
    assertEquals(1, report.deleted(), "deleted 40 days ago, 30 days kept: " + report);
    assertEquals(Set.of(2L, 3L), physicalIds("deleted_event"), "deleted 5 days ago, and never deleted");
  }

  @Test
  void aPassThatCannotBePurgedNativelyFailsTheBuildSayingWhy() {
    RetentionConfigurationException portable = assertThrows(RetentionConfigurationException.class,
        () -> RetentionRuntime.builder(emf).clock(clock).portableStatements(true).build());
    assertTrue(portable.problems().contains("Pass " + NOTES + " cannot delete its rows: its entity is Hibernate's"
        + " @SoftDelete, whose rows only native statements purge, and the runtime is held to portable statements"
        + " (portableStatements(true))"), portable::getMessage);

    RetentionConfigurationException hooked = assertThrows(RetentionConfigurationException.class,
        () -> RetentionRuntime.builder(emf).clock(clock).beforeDelete(NOTES, (em, rows) -> {}).build());
    assertTrue(hooked.problems().contains("Pass " + NOTES + " cannot delete its rows: its entity is Hibernate's"
        + " @SoftDelete, whose rows only native statements purge, and it has a before-delete hook, whose JPQL would"
        + " only mark the rows it is given"), hooked::getMessage);

    // Turned off, the pass is no reason to refuse the runtime.
    RetentionRuntime.builder(emf).clock(clock).portableStatements(true)
        .options(NOTES, RetentionOptions.empty().withEnabled(false))
        .options(EVENTS, RetentionOptions.empty().withEnabled(false)).build().close();
  }

  private SweepReport dryRun(String pass) {
    try (RetentionRuntime counting = RetentionRuntime.builder(emf).clock(clock)
        .options(pass, RetentionOptions.empty().withDryRun(true)).build()) {
      return counting.sweep(pass);
    }
  }

  /** The ids in {@code table}, marked or not, read past Hibernate. */
  private Set<Long> physicalIds(String table) throws SQLException {
    Set<Long> ids = new TreeSet<>();
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("select id from " + table)) {
      while (rows.next()) {
        ids.add(rows.getLong(1));
      }
    }
    return ids;
  }
}
