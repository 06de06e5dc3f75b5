package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.TestDatabase;
import dev.retention.it.uncertain.UserTypeRow;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A {@code @Ttl} attribute stored through a Hibernate {@code UserType} (an instant kept as a Los Angeles wall-clock
 * time): only the provider knows how it stores the cutoff, so no native statement may compare the column with it. Rows
 * due after the cutoff stay on every database, and the dry run counts what the sweep deletes. Hibernate only.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class UserTypeTtlTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-06-10T12:00:00Z");
  static final String PASS = UserTypeRow.class.getName();
  /** Hours from now at which rows are due: the ones after zero must stay. */
  static final long[] DUE_IN_HOURS = {-9, -7, -5, -2, -1, 0, 1, 2, 5, 7, 9};

  UserTypeTtlTest(TestDatabase.Kind kind) {
    super(kind, NOW, UserTypeRow.class);
  }

  private Set<Long> rowsDueAfterNowAndWithoutDate() {
    List<Object> rows = new ArrayList<>();
    Set<Long> kept = new TreeSet<>();
    long id = 1;
    for (long hours : DUE_IN_HOURS) {
      rows.add(new UserTypeRow(id, NOW.plus(Duration.ofHours(hours))));
      if (hours > 0) {
        kept.add(id);
      }
      id++;
    }
    rows.add(new UserTypeRow(id, null));
    kept.add(id);
    Jpa.persistAll(emf, rows);
    return kept;
  }

  @Test
  void rowsDueAfterTheCutoffStayAndTheDryRunCountsWhatTheSweepDeletes() {
    Set<Long> kept = rowsDueAfterNowAndWithoutDate();
    long dryRun;
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC)
        .options(PASS, RetentionOptions.empty().withDryRun(true)).build()) {
      dryRun = retention.sweep(PASS).deleted();
    }
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC)
        .defaults(RetentionOptions.empty().withBatchSize(2)).build()) {
      SweepReport report = retention.sweep(PASS);

      assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
      assertEquals(kept, ids("select r.id from UserTypeRow r"), "the rows due after the cutoff, and the one without");
      assertEquals(DUE_IN_HOURS.length + 1 - kept.size(), report.deleted());
      assertEquals(dryRun, report.deleted(), "the dry run counts what the sweep deletes");
    }
  }

  @Test
  void theStartLineSaysWhyNoNativeStatementRuns() {
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).build()) {
      String line = StartLine.of(retention);

      if (kind == TestDatabase.Kind.POSTGRESQL) {
        assertTrue(line.contains("not PostgreSQL ctid: the @Ttl attribute expiresAt is stored through a UserType"),
            line);
      }
    }
  }
}
