package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.reliability.PartitionedRow;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.RecordingListener;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.BatchReport;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A table that a migration partitioned by hash: a {@code ctid} is unique only within one partition, so a batch that
 * deletes by {@code ctid} must not run on it, or it deletes every expired row of every partition at those addresses.
 * Partitioning is PostgreSQL's here; the other databases have no {@code ctid} statement.
 */
@ParameterizedClass
@EnumSource(value = TestDatabase.Kind.class, names = "POSTGRESQL")
class PartitionedTableTest {

  static final Instant NOW = Instant.parse("2026-06-10T12:00:00Z");
  static final String PASS = PartitionedRow.class.getName();
  static final int EXPIRED = 200;
  static final int LIVE = 40;
  static final int BATCH = 10;

  @Parameter
  TestDatabase.Kind kind;

  TestDatabase database;
  EntityManagerFactory emf;
  final RecordingListener listener = new RecordingListener();

  @BeforeEach
  void openDatabase() {
    database = TestDatabase.create(kind);
    emf = Jpa.factory(database, List.of(PartitionedRow.class));
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
  void onAPartitionedTableNoBatchDeletesMoreThanTheBatchSizeAndTheStartLineSaysWhy() throws SQLException {
    partitionByHash();
    persistRows();

    try (RetentionRuntime retention = runtime()) {
      SweepReport report = retention.sweep(PASS);

      assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
      assertEquals(EXPIRED, report.deleted());
      assertEachBatchWithinTheBound();
      assertEquals(LIVE, Jpa.count(emf, PartitionedRow.class), "the live rows stay");
    }
    String line = StartLine.of(runtime());
    assertTrue(line.contains("JPQL with SKIP LOCKED (not PostgreSQL ctid: table partitioned_row is partitioned, and"
        + " a ctid is unique only within one partition)"), line);
  }

  /**
   * A table partitioned after start (a migration run while the application is up): the sweep reads the catalog again
   * before its batches, and the pass goes to statements that reach every partition's rows, each batch within the bound.
   */
  @Test
  void aTablePartitionedAfterStartGoesToStatementsThatReachItsRowsWithinTheBound() throws SQLException {
    try (RetentionRuntime retention = runtime()) {
      assertEquals("PostgreSQL ctid", retention.settings(PASS).statementShape().description(),
          "a plain table at start");
      partitionByHash();
      persistRows();

      SweepReport report = retention.sweep(PASS);

      assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
      assertEachBatchWithinTheBound();
      assertEquals(EXPIRED, report.deleted(), report::toString);
      assertEquals(LIVE, Jpa.count(emf, PartitionedRow.class), "the live rows stay");
      assertEquals("JPQL with SKIP LOCKED", retention.settings(PASS).statementShape().description());
    }
  }

  private RetentionRuntime runtime() {
    return RetentionRuntime.builder(emf).clock(new TestClock(NOW)).listener(listener)
        .options(PASS, RetentionOptions.empty().withBatchSize(BATCH)).build();
  }

  private void assertEachBatchWithinTheBound() {
    List<Integer> sizes = listener.batches.stream().map(BatchReport::deleted).toList();
    assertTrue(sizes.stream().allMatch(size -> size <= BATCH), "rows per batch, batch-size " + BATCH + ": " + sizes);
  }

  /** Expired rows, each a second older than the next, then live ones; ids spread over all four partitions. */
  private void persistRows() {
    List<PartitionedRow> rows = new ArrayList<>();
    for (int id = 1; id <= EXPIRED + LIVE; id++) {
      rows.add(new PartitionedRow(id, id <= EXPIRED ? NOW.minusSeconds(id) : NOW.plusSeconds(id)));
    }
    Jpa.persistAll(emf, rows);
  }

  /** What a migration would do: the same columns, in a table partitioned by a hash of the id. */
  private void partitionByHash() throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      statement.execute("alter table partitioned_row rename to partitioned_row_before");
      statement.execute("create table partitioned_row (like partitioned_row_before including defaults,"
          + " primary key (id)) partition by hash (id)");
      for (int remainder = 0; remainder < 4; remainder++) {
        statement.execute("create table partitioned_row_" + remainder + " partition of partitioned_row"
            + " for values with (modulus 4, remainder " + remainder + ")");
      }
      statement.execute("drop table partitioned_row_before");
    }
  }
}
