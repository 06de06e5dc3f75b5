package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.shapes.KeyedRow;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.RecordingListener;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.BatchReport;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An {@code @EmbeddedId} entity (a key of two columns, as Spring Integration's lock table has) takes the statements
 * that need no key: on PostgreSQL the {@code ctid} delete, and the range statement for large batches; on MariaDB the
 * ordered delete, its date being indexed ({@link WideKeyTest} runs the native delete by keys, which lists the selected
 * keys as rows of their columns, on a table without that index). They keep exactly the rows the predicate keeps, ties
 * across the key's columns included, oldest first and each batch within its size; on H2 the portable JPQL.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class CompositeKeyTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-06-01T00:00:00Z");
  static final String KEYED = KeyedRow.class.getName();

  CompositeKeyTest(TestDatabase.Kind kind) {
    super(kind, NOW, KeyedRow.class);
  }

  @ParameterizedTest(name = "batch size {0}")
  @ValueSource(ints = {7, 2_000})
  void expiredRowsGoByTheStatementsThatNeedNoKey(int batchSize) throws InterruptedException {
    // 5,000 rows over three regions: every tenth at one instant (ties across regions and numbers), half expired.
    List<KeyedRow> rows = new ArrayList<>();
    for (long id = 1; id <= 5_000; id++) {
      Instant at = id % 10 == 0 ? NOW.minus(Duration.ofHours(1)) : NOW.minusSeconds(2_500).plusSeconds(id);
      rows.add(new KeyedRow(id, "row " + id, id <= 4_000 ? at : null));
    }
    Jpa.persistAll(emf, rows);
    RecordingListener listener = new RecordingListener();

    SweepReport report;
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .options(KEYED, RetentionOptions.empty().withBatchSize(batchSize).withMaxBatchesPerSweep(10_000)
            .withBatchDelay(Duration.ZERO)).build()) {
      StatementShape expected = switch (kind) {
        case POSTGRESQL -> batchSize >= 2_000 ? StatementShape.RANGE_STATEMENT : StatementShape.POSTGRESQL_CTID;
        case MARIADB -> StatementShape.ORDERED_DELETE;
        case H2 -> StatementShape.PORTABLE_JPQL;
      };
      assertEquals(expected, retention.settings(KEYED).statementShape());
      report = retention.sweep(KEYED);
    }

    assertTrue(report.succeeded(), report::toString);
    Set<Long> expired = LongStream.rangeClosed(1, 4_000)
        .filter(id -> id % 10 == 0 || id <= 2_500).boxed().collect(Collectors.toCollection(TreeSet::new));
    assertEquals(expired.size(), report.deleted(), report::toString);
    Set<Long> left = Jpa.inTransaction(emf, em -> new TreeSet<>(em.createQuery("select k.id.number from KeyedRow k",
        Long.class).getResultList()));
    Set<Long> kept = LongStream.rangeClosed(1, 5_000).boxed().filter(id -> !expired.contains(id))
        .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(kept, left, "exactly the rows not expired");
    listener.awaitSweeps(1);
    for (BatchReport batch : listener.batches) {
      assertTrue(batch.deleted() <= batch.batchSize(), batch::toString);
    }
  }
}
