package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.reliability.WideKeyRow;
import dev.retention.it.support.Indexes;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.RecordingListener;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.BatchReport;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.internal.config.OptionLimits;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The largest batch the options accept, on an entity whose {@code @EmbeddedId} has seven columns: listed in one
 * statement, such a batch would bind 70,000 parameters, past PostgreSQL's 65,535, and list 10,000 keys, past what
 * PostgreSQL's stack allows. Every statement lists at most 1,000 parameters' worth of keys whatever the batch size, so
 * full batches go and every row with them (on MariaDB, whose native delete by keys lists them once the index on the
 * date is gone: with it, the ordered delete lists no key; PostgreSQL takes the range statement for such a batch, which
 * lists no key at all). Not on H2: its long key lists take seconds a batch there.
 */
@ParameterizedClass
@EnumSource(value = TestDatabase.Kind.class, names = {"POSTGRESQL", "MARIADB"})
class WideKeyTest {

  static final Instant NOW = Instant.parse("2026-06-10T12:00:00Z");
  static final String PASS = WideKeyRow.class.getName();
  static final int EXPIRED = 12_000;

  @Parameter
  TestDatabase.Kind kind;

  TestDatabase database;
  EntityManagerFactory emf;

  @BeforeEach
  void openDatabase() {
    database = TestDatabase.create(kind);
    emf = Jpa.factory(database, List.of(WideKeyRow.class), Map.of("hibernate.jdbc.batch_size", "500"));
  }

  @AfterEach
  void closeDatabase() throws Exception {
    if (database == null) {
      return; // skipped before it was created (-Dtest.databases)
    }
    if (emf != null) {
      emf.close();
    }
    database.close();
  }

  @Test
  void aSevenColumnKeyWithTheLargestBatchSizeDeletesEveryExpiredRow() {
    List<WideKeyRow> rows = new ArrayList<>();
    for (int number = 1; number <= EXPIRED + 5; number++) {
      rows.add(new WideKeyRow(number, number <= EXPIRED ? NOW.minusSeconds(number) : NOW.plusSeconds(number)));
    }
    Jpa.persistAll(emf, rows);
    if (kind == TestDatabase.Kind.MARIADB) {
      Indexes.dropLeadingWith(database, "wide_key_row", "expiresAt");
    }
    RecordingListener listener = new RecordingListener();

    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(new TestClock(NOW)).listener(listener)
        .options(PASS, RetentionOptions.empty().withBatchSize(OptionLimits.largestBatch())).build()) {
      SweepReport report = retention.sweep(PASS);

      assertTrue(report.succeeded(),
          () -> retention.settings(PASS).statementShape().description() + ": " + report.failure().orElseThrow());
      assertEquals(EXPIRED, report.deleted());
      assertEquals(5, Jpa.count(emf, WideKeyRow.class), "the live rows stay");
      List<Integer> perBatch = listener.batches.stream().map(BatchReport::deleted).toList();
      if (kind == TestDatabase.Kind.POSTGRESQL) {
        // The range statement, which lists no key: the rows strictly before the probed value of the batch's last row.
        assertEquals(StatementShape.RANGE_STATEMENT, retention.settings(PASS).statementShape());
        assertEquals(List.of(OptionLimits.largestBatch() - 1, EXPIRED - OptionLimits.largestBatch() + 1), perBatch,
            "rows per batch: all but the probed one, then the rest, which leaves nothing");
      } else {
        // Without the index the ordered delete declines: the native delete by keys, seven columns a key, as many
        // statements of a batch's keys as its parameters need.
        assertEquals(StatementShape.NATIVE_KEY_DELETE, retention.settings(PASS).statementShape());
        assertEquals(List.of(OptionLimits.largestBatch(), EXPIRED - OptionLimits.largestBatch()), perBatch,
            "rows per batch: a full one, then the rest, which leaves nothing");
      }
    }
  }
}
