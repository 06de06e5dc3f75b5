package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.hooks.AuditRecord;
import dev.retention.it.hooks.AuditRecordHistory;
import dev.retention.it.hooks.UploadedFile;
import dev.retention.it.shapes.KeyedRow;
import dev.retention.it.shapes.PairRow;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.EveryProvider;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.ManualSweepTimer;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.BeforeDelete;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.SweepTimers;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A hook before each batch's delete: given the batch's rows in its transaction, before they go; its failure keeps
 * them; a dry run never calls it.
 */
@EveryProvider
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class BeforeDeleteTest extends DatabaseSuite {

  /** Hooks that throw, move their rows or return late fail their batches on purpose; the runtime warns of each. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention");

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String AUDIT = AuditRecord.class.getName();
  static final String UPLOADS = UploadedFile.class.getName();

  /** Archives the batch's audit records to their history table. */
  static final BeforeDelete ARCHIVE = (em, ids) -> em.createQuery(
          "select a from AuditRecord a where a.id in :ids", AuditRecord.class)
      .setParameter("ids", ids)
      .getResultList()
      .forEach(record -> em.persist(new AuditRecordHistory(record)));

  BeforeDeleteTest(TestDatabase.Kind kind) {
    super(kind, NOW, AuditRecord.class, AuditRecordHistory.class, UploadedFile.class, KeyedRow.class, PairRow.class);
  }

  private RetentionRuntime.Builder runtime(int batchSize) {
    return RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC)
        .options(AUDIT, RetentionOptions.empty().withBatchSize(batchSize))
        .options(UPLOADS, RetentionOptions.empty().withBatchSize(batchSize));
  }

  /** Records 1..20, one a minute; records recorded at or before an hour ago (1..11) are expired. */
  private void twentyRecords() {
    Jpa.persistAll(emf, LongStream.rangeClosed(1, 20)
        .mapToObj(id -> new AuditRecord(id, "record " + id, NOW.minus(Duration.ofMinutes(71 - id))))
        .collect(Collectors.toList()));
  }

  @Test
  void everyDeletedRowIsInTheHistoryTableAndNothingElse() {
    twentyRecords();
    List<List<?>> batches = new CopyOnWriteArrayList<>();
    try (RetentionRuntime retention = runtime(3)
        .beforeDelete(AUDIT, (em, ids) -> batches.add(List.copyOf(ids)))
        .beforeDelete(AUDIT, ARCHIVE)
        .build()) {
      SweepReport report = retention.sweep(AUDIT);

      assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
      assertEquals(11, report.deleted());
      assertEquals(range(1, 11), historyIds());
      assertEquals(range(12, 20), recordIds());
      assertEquals(List.of(List.of(1L, 2L, 3L), List.of(4L, 5L, 6L), List.of(7L, 8L, 9L), List.of(10L, 11L)), batches,
          "each batch's ids, oldest first, as Long");
      assertEquals("JPQL with rows locked for a before-delete hook",
          retention.settings(AUDIT).statementShape().description());
    }
  }

  @Test
  void aRemovalPassIsGivenTheEntitiesItRemoves() {
    Jpa.persistAll(emf, List.of(
        new UploadedFile(1, "/files/1", NOW.minusSeconds(10)),
        new UploadedFile(2, "/files/2", NOW),
        new UploadedFile(3, "/files/3", NOW.plusSeconds(1)),
        new UploadedFile(4, "/files/4", null)));
    UploadedFile.REMOVED.clear();
    List<String> handedOver = new ArrayList<>();
    try (RetentionRuntime retention = runtime(10)
        .beforeDelete(UPLOADS, (em, rows) -> rows.forEach(row -> {
          assertTrue(em.contains(row), "the hook is given managed entities");
          handedOver.add(assertInstanceOf(UploadedFile.class, row).path());
        }))
        .build()) {
      SweepReport report = retention.sweep(UPLOADS);

      assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
      assertEquals(List.of("/files/1", "/files/2"), handedOver);
      assertEquals(Set.of("/files/1", "/files/2"), UploadedFile.REMOVED);
      assertEquals(2, Jpa.count(emf, UploadedFile.class));
    }
  }

  /**
   * A removal pass's hook that moves its rows' expiry past the cutoff, through the managed entities it is given or
   * through a JPQL update: the batch rolls back before any row is removed, the sweep reports it, and every row stays.
   */
  @ParameterizedTest(name = "through managed entities: {0}")
  @ValueSource(booleans = {true, false})
  void aRemovalPassWhoseHookPostponesItsRowsKeepsThemAll(boolean throughManagedEntities) {
    warnings.expect("rows were held for the batch, but 0 of them are still expired");
    Jpa.persistAll(emf, LongStream.rangeClosed(1, 10)
        .mapToObj(id -> new UploadedFile(id, "/files/" + id, NOW.minusSeconds(id)))
        .collect(Collectors.toList()));
    UploadedFile.REMOVED.clear();
    Instant tomorrow = NOW.plus(Duration.ofDays(1));
    BeforeDelete postpone = throughManagedEntities
        ? (em, rows) -> rows.forEach(row -> ((UploadedFile) row).expireAt(tomorrow))
        : (em, rows) -> em.createQuery("update UploadedFile f set f.expiresAt = :later where f.id in :ids")
            .setParameter("later", tomorrow)
            .setParameter("ids", rows.stream().map(row -> ((UploadedFile) row).id()).collect(Collectors.toList()))
            .executeUpdate();
    try (RetentionRuntime retention = runtime(4).beforeDelete(UPLOADS, postpone).build()) {
      SweepReport report = retention.sweep(UPLOADS);

      assertTrue(report.failure().isPresent(), "the batch whose rows were moved rolls back and is reported");
      assertEquals(0, report.deleted());
      assertEquals(10, Jpa.count(emf, UploadedFile.class));
      assertEquals(Set.of(), UploadedFile.REMOVED, "no removal callback ran");
    }
  }

  /**
   * An {@code @EmbeddedId} (bulk statements) and an {@code @IdClass} (entity removal) are locked and deleted key column
   * by key column: EclipseLink binds a list of embeddables to {@code in :ids} as one value each.
   */
  @Test
  void aBatchOfCompositeKeysIsHandedOverAndDeleted() {
    Jpa.persistAll(emf, LongStream.rangeClosed(1, 7)
        .mapToObj(id -> new KeyedRow(id, "keyed " + id, id <= 5 ? NOW.minusSeconds(id) : NOW.plusSeconds(id)))
        .collect(Collectors.toList()));
    Jpa.persistAll(emf, LongStream.rangeClosed(1, 7)
        .mapToObj(id -> new PairRow(id, "pair " + id, id <= 4 ? NOW.minusSeconds(id) : NOW.plusSeconds(id)))
        .collect(Collectors.toList()));
    List<Object> keys = new ArrayList<>();
    List<Object> pairs = new ArrayList<>();
    String keyed = KeyedRow.class.getName();
    String paired = PairRow.class.getName();
    try (RetentionRuntime retention = runtime(2)
        .options(keyed, RetentionOptions.empty().withBatchSize(2))
        .options(paired, RetentionOptions.empty().withBatchSize(3))
        .beforeDelete(keyed, (em, rows) -> keys.addAll(rows))
        .beforeDelete(paired, (em, rows) -> pairs.addAll(rows))
        .build()) {
      SweepReport keyedReport = retention.sweep(keyed);
      SweepReport pairedReport = retention.sweep(paired);

      assertTrue(keyedReport.succeeded(), () -> keyedReport.failure().orElseThrow().toString());
      assertTrue(pairedReport.succeeded(), () -> pairedReport.failure().orElseThrow().toString());
      assertEquals(5, keyedReport.deleted());
      assertEquals(4, pairedReport.deleted());
      assertEquals(5, keys.stream().map(key -> assertInstanceOf(KeyedRow.RowKey.class, key)).distinct().count());
      assertEquals(4, pairs.stream().map(pair -> assertInstanceOf(PairRow.class, pair)).count());
      assertEquals(2, Jpa.count(emf, KeyedRow.class));
      assertEquals(3, Jpa.count(emf, PairRow.class));
    }
  }

  @Test
  void aHookThatThrowsRollsItsBatchBackAndTheSweepReportsIt() {
    warnings.expect("failed: .*BeforeDeleteFailedException");
    twentyRecords();
    List<Integer> calls = new ArrayList<>();
    try (RetentionRuntime retention = runtime(5)
        .beforeDelete(AUDIT, ARCHIVE)
        .beforeDelete(AUDIT, (em, ids) -> {
          calls.add(ids.size());
          if (calls.size() == 2) {
            throw new java.io.IOException("archive storage is full");
          }
        })
        .build()) {
      SweepReport report = retention.sweep(AUDIT);

      Throwable failure = report.failure().orElseThrow();
      assertTrue(failure.getMessage().contains(AUDIT), failure::getMessage);
      assertTrue(failure.getCause().getMessage().startsWith("The before-delete hook of pass " + AUDIT
          + " failed on a batch of 5 rows, which stay: java.io.IOException: archive storage is full"),
          () -> failure.getCause().getMessage());
      assertEquals(5, report.deleted(), "the first batch committed");
      assertEquals(range(1, 5), historyIds(), "the second batch's archive rolled back with it");
      assertEquals(range(6, 20), recordIds());
    }
  }

  /**
   * A hook that returns after its batch's time is up (here the test's timer moves 31 seconds while the hook runs,
   * past the default 30-second batch-timeout) rolls its batch back: its rows stay, what it wrote is undone, and the
   * sweep reports it. Earlier batches stay committed.
   */
  @Test
  void aHookThatReturnsPastTheBatchTimeoutRollsItsBatchBack() {
    warnings.expect("past the batch timeout");
    twentyRecords();
    ManualSweepTimer timer = new ManualSweepTimer();
    List<Integer> calls = new ArrayList<>();
    try (RetentionRuntime retention = SweepTimers.scheduledBy(runtime(5), timer)
        .beforeDelete(AUDIT, ARCHIVE)
        .beforeDelete(AUDIT, (em, ids) -> {
          calls.add(ids.size());
          if (calls.size() == 2) {
            timer.advance(Duration.ofSeconds(31));
          }
        })
        .build()) {
      SweepReport report = retention.sweep(AUDIT);

      Throwable failure = report.failure().orElseThrow(() -> new AssertionError("expected a failure: " + report));
      assertTrue(failure.getCause().getMessage().contains("past the batch timeout (batch-timeout = 30s)"),
          () -> failure.getCause().getMessage());
      assertEquals(5, report.deleted(), "the first batch committed");
      assertEquals(range(1, 5), historyIds(), "the second batch's archive rolled back with it");
      assertEquals(range(6, 20), recordIds());
    }
  }

  @Test
  void aDryRunDoesNotCallTheHook() {
    twentyRecords();
    List<List<?>> calls = new ArrayList<>();
    try (RetentionRuntime retention = runtime(3)
        .defaults(RetentionOptions.empty().withDryRun(true))
        .beforeDelete(AUDIT, (em, ids) -> calls.add(ids))
        .build()) {
      SweepReport report = retention.sweep(AUDIT);

      assertTrue(report.dryRun());
      assertEquals(11, report.deleted(), "would be deleted");
      assertEquals(List.of(), calls);
      assertEquals(range(1, 20), recordIds());
    }
  }

  @Test
  void aHookForAPassThatDoesNotExistIsAConfigurationError() {
    RetentionConfigurationException error = assertThrows(RetentionConfigurationException.class,
        () -> runtime(3).beforeDelete("com.example.AuditRecrod", ARCHIVE).build());

    assertTrue(error.problems().get(0).startsWith("beforeDelete(\"com.example.AuditRecrod\", ...) names no pass;"),
        error::getMessage);
  }

  private static Set<Long> range(long first, long last) {
    return LongStream.rangeClosed(first, last).boxed().collect(Collectors.toCollection(TreeSet::new));
  }

  private Set<Long> historyIds() {
    return ids("select h.id from AuditRecordHistory h");
  }

  private Set<Long> recordIds() {
    return ids("select a.id from AuditRecord a");
  }
}
