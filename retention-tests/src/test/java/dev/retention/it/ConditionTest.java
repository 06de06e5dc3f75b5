package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.conditions.BatchJob;
import dev.retention.it.conditions.JobStatus;
import dev.retention.it.conditions.Member;
import dev.retention.it.conditions.MemberDraft;
import dev.retention.it.conditions.MisspelledConditionRow;
import dev.retention.it.conditions.PinnedFile;
import dev.retention.it.conditions.StatusTextJob;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.EveryProvider;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.JpaProvider;
import dev.retention.it.support.RaceBeforeDelete;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.generated.Cutoff;
import dev.retention.runtime.generated.GeneratedPass;
import dev.retention.runtime.generated.PassDescriptor;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code @Ttl(when = ...)}: a row expires only when the condition also holds, on every statement shape, for bulk and
 * removal passes, in counts and lags too; a condition the provider refuses fails {@code build()}.
 */
@EveryProvider
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class ConditionTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final Instant EIGHT_DAYS_AGO = NOW.minus(Duration.ofDays(8));
  static final String JOBS = BatchJob.class.getName();
  static final String FILES = PinnedFile.class.getName();
  static final String DRAFTS = MemberDraft.class.getName();

  ConditionTest(TestDatabase.Kind kind) {
    super(kind, NOW, BatchJob.class, PinnedFile.class);
  }

  private RetentionRuntime.Builder runtime(boolean portable) {
    return RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC).portableStatements(portable)
        .defaults(RetentionOptions.empty().withBatchSize(2));
  }

  private void jobs() {
    Jpa.persistAll(emf, List.of(
        new BatchJob(1, JobStatus.FINISHED, 1, EIGHT_DAYS_AGO),
        new BatchJob(2, JobStatus.FINISHED, 2, NOW.minus(Duration.ofDays(7))),
        new BatchJob(3, JobStatus.RUNNING, 1, EIGHT_DAYS_AGO),
        new BatchJob(4, JobStatus.FAILED, 1, EIGHT_DAYS_AGO),
        new BatchJob(5, JobStatus.FINISHED, 3, EIGHT_DAYS_AGO),
        new BatchJob(6, null, 1, EIGHT_DAYS_AGO),
        new BatchJob(7, JobStatus.FINISHED, 1, NOW.minus(Duration.ofDays(6))),
        new BatchJob(8, JobStatus.FINISHED, 1, null),
        new BatchJob(9, JobStatus.FINISHED, 0, EIGHT_DAYS_AGO.minusSeconds(1))));
  }

  @ParameterizedTest(name = "portable statements: {0}")
  @ValueSource(booleans = {false, true})
  void onlyRowsMeetingTheConditionExpireWhateverTheirDate(boolean portable) {
    jobs();
    try (RetentionRuntime retention = runtime(portable).build()) {
      SweepReport report = retention.sweep(JOBS);

      assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
      assertEquals(3, report.deleted());
      assertEquals(Set.of(3L, 4L, 5L, 6L, 7L, 8L), ids("select j.id from BatchJob j"));
      assertEquals(Optional.empty(), report.lag(), "no row meeting the condition is left expired");
      if (!portable && kind == TestDatabase.Kind.POSTGRESQL && JpaProvider.onClassPath() == JpaProvider.HIBERNATE) {
        assertEquals("JPQL with SKIP LOCKED", retention.settings(JOBS).statementShape().description(),
            "ctid cannot carry a JPQL condition");
      }
    }
  }

  @Test
  void aDryRunCountsAndDatesOnlyRowsMeetingTheCondition() {
    jobs();
    try (RetentionRuntime retention = runtime(false)
        .defaults(RetentionOptions.empty().withDryRun(true)).build()) {
      SweepReport report = retention.sweep(JOBS);

      assertEquals(3, report.deleted(), "would be deleted");
      assertEquals(Optional.of(Duration.ofDays(1).plusSeconds(1)), report.lag(),
          "the oldest row meeting the condition, not the older running ones");
    }
  }

  @ParameterizedTest(name = "portable statements: {0}")
  @ValueSource(booleans = {false, true})
  void aRemovalPassRemovesOnlyRowsMeetingTheCondition(boolean portable) {
    Jpa.persistAll(emf, List.of(
        new PinnedFile(1, false, NOW.minusSeconds(5)),
        new PinnedFile(2, true, NOW.minusSeconds(5)),
        new PinnedFile(3, false, NOW.plusSeconds(5))));
    PinnedFile.REMOVED.clear();
    try (RetentionRuntime retention = runtime(portable).build()) {
      SweepReport report = retention.sweep(FILES);

      assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
      assertEquals(Set.of(1L), PinnedFile.REMOVED);
      assertEquals(Set.of(2L, 3L), ids("select f.id from PinnedFile f"));
    }
  }

  @Test
  void aBeforeDeleteHookIsGivenOnlyRowsMeetingTheCondition() {
    jobs();
    Set<Object> handedOver = new TreeSet<>();
    try (RetentionRuntime retention = runtime(false)
        .beforeDelete(JOBS, (em, ids) -> handedOver.addAll(ids)).build()) {
      SweepReport report = retention.sweep(JOBS);

      assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
      assertEquals(Set.of(1L, 2L, 9L), handedOver);
      assertEquals(Set.of(3L, 4L, 5L, 6L, 7L, 8L), ids("select j.id from BatchJob j"));
    }
  }

  @Test
  void aJobRunningAgainBetweenABatchsSelectionAndItsDeleteIsKept() throws Exception {
    RaceBeforeDelete race = new RaceBeforeDelete();
    EntityManagerFactory raced = Jpa.factory(database, List.of(BatchJob.class), race.properties(database));
    try {
      Jpa.persistAll(raced, List.of(
          new BatchJob(11, JobStatus.FINISHED, 1, EIGHT_DAYS_AGO),
          new BatchJob(12, JobStatus.FINISHED, 1, EIGHT_DAYS_AGO.plusSeconds(1))));
      race.beforeNextDelete(() -> restartJob(11));

      try (RetentionRuntime retention = RetentionRuntime.builder(raced).clock(clock).zone(ZoneOffset.UTC)
          .portableStatements(true).build()) {
        SweepReport report = retention.sweep(JOBS);

        assertTrue(race.fired(), "the update landed between the select and the delete");
        assertEquals(1, report.deleted(), "only the job still finished when the delete ran");
      }
      assertEquals(Set.of(11L), Jpa.inTransaction(raced, em -> new TreeSet<>(
          em.createQuery("select j.id from BatchJob j", Long.class).getResultList())));
    } finally {
      raced.close();
    }
  }

  /**
   * A condition through a to-one association: a member who becomes active between a batch's selection and its delete
   * keeps every draft, whatever the statements, because the delete checks the whole predicate again. Where the
   * selection locked the member's row too (MariaDB; Hibernate 6.6 on PostgreSQL), the foreground update waits out its
   * lock timeout instead, the member stays inactive, and the drafts go.
   */
  @ParameterizedTest(name = "portable statements: {0}")
  @ValueSource(booleans = {false, true})
  void aMemberActiveAgainBetweenABatchsSelectionAndItsDeleteKeepsEveryDraft(boolean portable) {
    RaceBeforeDelete race = new RaceBeforeDelete();
    EntityManagerFactory raced = Jpa.factory(database, List.of(Member.class, MemberDraft.class),
        race.properties(database));
    try {
      Member member = new Member(1, false);
      List<Object> rows = new ArrayList<>(List.of(member));
      LongStream.rangeClosed(1, 20).forEach(id -> rows.add(new MemberDraft(id, member, EIGHT_DAYS_AGO.plusSeconds(id))));
      Jpa.persistAll(raced, rows);
      AtomicBoolean activated = new AtomicBoolean();
      race.beforeNextDelete(() -> activated.set(activateMember(1)));

      try (RetentionRuntime retention = RetentionRuntime.builder(raced).clock(clock).zone(ZoneOffset.UTC)
          .portableStatements(portable).build()) {
        SweepReport report = retention.sweep(DRAFTS);

        assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
        assertTrue(race.fired(), () -> "the update came between the select and the delete: " + report);
        long left = Jpa.count(raced, MemberDraft.class);
        if (activated.get()) {
          assertEquals(0, report.deleted(), "the member is active: no draft of theirs expires");
          assertEquals(20, left);
        } else {
          assertEquals(20, report.deleted(), "the member's row was locked, so the member stayed inactive");
          assertEquals(0, left);
        }
      }
    } finally {
      raced.close();
    }
  }

  /**
   * A foreground transaction, on a connection of its own, makes a member active; false when the member's row is locked
   * for longer than a second.
   */
  private boolean activateMember(long id) {
    try (java.sql.Connection connection = database.connect();
        java.sql.Statement setting = connection.createStatement()) {
      setting.execute(switch (kind) {
        case POSTGRESQL -> "set lock_timeout = '1s'";
        case MARIADB -> "set session innodb_lock_wait_timeout = 1";
        case H2 -> "set lock_timeout 1000";
      });
      try (java.sql.PreparedStatement update =
          connection.prepareStatement("update club_member set active = true where id = ?")) {
        update.setLong(1, id);
        return update.executeUpdate() == 1;
      }
    } catch (java.sql.SQLException lockedOrFailed) {
      if (isLockTimeout(lockedOrFailed)) {
        return false; // the batch holds the member's row
      }
      throw new IllegalStateException("the foreground update failed", lockedOrFailed);
    }
  }

  /** Whether the database gave up waiting for a lock: PostgreSQL's lock_not_available, MariaDB's 1205, H2's 50200. */
  private boolean isLockTimeout(java.sql.SQLException e) {
    return switch (kind) {
      case POSTGRESQL -> "55P03".equals(e.getSQLState());
      case MARIADB -> e.getErrorCode() == 1205;
      case H2 -> e.getErrorCode() == 50200;
    };
  }

  /** A foreground transaction, on a connection of its own, sets a job running again. */
  private void restartJob(long id) {
    try (java.sql.Connection connection = database.connect();
        java.sql.PreparedStatement update =
            connection.prepareStatement("update batch_job set status = 'RUNNING' where id = ?")) {
      update.setLong(1, id);
      assertEquals(1, update.executeUpdate());
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException("the foreground update failed", e);
    }
  }

  /**
   * A pass whose condition closes its parentheses early, as a registry written by hand (or an older processor) could
   * give, fails {@code build()}: joined to the date it would read {@code ttl <= :cutoff and (e.attempts = 1) or
   * (e.attempts = 2)}, and the {@code or} would delete rows of any date. Nothing is deleted.
   */
  @Test
  void aConditionWhoseParenthesesCloseEarlyFailsTheBuildAndNothingIsDeleted() {
    jobs();
    GeneratedPass escaping = new GeneratedPass(PassDescriptor.entity(BatchJob.class, "BatchJob")
        .id("id").ttl("finishedAt", Duration.ofDays(7)).when("e.attempts = 1) or (e.attempts = 2")
        .bulkStatements("plain entity")) {
      @Override
      public Object cutoffValue(Cutoff cutoff) {
        return cutoff.toInstant();
      }
    };

    RetentionConfigurationException error = assertThrows(RetentionConfigurationException.class,
        () -> runtime(false).registries(List.of(() -> List.of(escaping))).build());

    assertTrue(error.problems().get(0).startsWith("Pass " + JOBS + ": its condition (@Ttl(when = \"e.attempts = 1) or"
        + " (e.attempts = 2\")) "), error::getMessage);
    long rows = Jpa.inTransaction(emf, em -> em.createQuery("select count(j) from BatchJob j", Long.class)
        .getSingleResult());
    assertEquals(9, rows);
  }

  @Test
  void aConditionTheProviderRefusesFailsTheBuildNamingThePass() {
    EntityManagerFactory withMisspelled = Jpa.factory(database, List.of(MisspelledConditionRow.class));
    try {
      RetentionConfigurationException error = assertThrows(RetentionConfigurationException.class,
          () -> RetentionRuntime.builder(withMisspelled).build());

      assertTrue(error.problems().get(0).startsWith("Pass " + MisspelledConditionRow.class.getName()
          + ": the provider refuses its condition (@Ttl(when = \"e.attempts.count > 1\")): "), error::getMessage);
    } finally {
      withMisspelled.close();
    }
  }

  /**
   * A condition EclipseLink creates a query for but refuses to run fails {@code build()} there, as one it refuses at
   * once does, rather than every sweep; Hibernate runs it, and it holds.
   */
  @Test
  void aConditionTheProviderRefusesOnlyWhenItRunsFailsTheBuildToo() {
    EntityManagerFactory withText = Jpa.factory(database, List.of(StatusTextJob.class));
    try {
      Jpa.persistAll(withText, List.of(
          new StatusTextJob(1, JobStatus.FINISHED, NOW.minusSeconds(1)),
          new StatusTextJob(2, JobStatus.RUNNING, NOW.minusSeconds(1))));
      if (JpaProvider.onClassPath() == JpaProvider.ECLIPSELINK) {
        RetentionConfigurationException error = assertThrows(RetentionConfigurationException.class,
            () -> RetentionRuntime.builder(withText).build());

        assertTrue(error.problems().get(0).startsWith("Pass " + StatusTextJob.class.getName()
            + ": the provider refuses its condition (@Ttl(when = \"e.status = 'FINISHED'\")): "), error::getMessage);
        return;
      }
      try (RetentionRuntime retention = RetentionRuntime.builder(withText).clock(clock).zone(ZoneOffset.UTC).build()) {
        SweepReport report = retention.sweep(StatusTextJob.class.getName());

        assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
        assertEquals(Set.of(2L), Jpa.inTransaction(withText, em -> new TreeSet<>(
            em.createQuery("select j.id from StatusTextJob j", Long.class).getResultList())));
      }
    } finally {
      withText.close();
    }
  }
}
