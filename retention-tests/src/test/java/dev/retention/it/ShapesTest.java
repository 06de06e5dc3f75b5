package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.shapes.Shape;
import dev.retention.it.shapes.Shapes;
import dev.retention.it.support.EveryProvider;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.JpaProvider;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every attribute type and entity shape, swept by its generated pass: rows expired before the cutoff and exactly at it
 * go; rows after it and rows with a null attribute stay. Zone-less attributes are read in a zone that is not UTC.
 */
@EveryProvider
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class ShapesTest {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  /** Half an hour off from whole hours, so that a zone-less value read in UTC instead would be caught. */
  static final ZoneId ZONE = ZoneId.of("Asia/Kolkata");

  TestDatabase database;
  EntityManagerFactory emf;
  RetentionRuntime retention;
  RetentionRuntime dryRetention;

  @Parameter
  TestDatabase.Kind kind;

  TestDatabase.Kind kind() {
    return kind;
  }

  @BeforeParameterizedClassInvocation
  void openDatabase() {
    database = TestDatabase.create(kind());
    emf = Jpa.factory(database, Shapes.entities(kind));
    retention = RetentionRuntime.builder(emf)
        .clock(new TestClock(NOW))
        .zone(ZONE)
        .defaults(RetentionOptions.empty().withBatchSize(3))
        .build();
    dryRetention = RetentionRuntime.builder(emf)
        .clock(new TestClock(NOW))
        .zone(ZONE)
        .defaults(RetentionOptions.empty().withDryRun(true))
        .build();
  }

  @AfterParameterizedClassInvocation
  void closeDatabase() throws Exception {
    if (retention != null) {
      retention.close();
      dryRetention.close();
      retention = null;
      dryRetention = null;
    }
    if (emf != null) {
      emf.close();
      emf = null;
    }
    if (database != null) {
      database.close();
      database = null;
    }
  }

  List<Shape> shapes() {
    return Shapes.all(kind);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("shapes")
  void deletesExpiredAndBoundaryRowsKeepsLiveAndNullOnes(Shape shape) {
    Jpa.persistAll(emf, rows(shape));
    shape.check().reset();

    SweepReport dryRun = dryRetention.sweep(shape.pass());
    assertTrue(dryRun.succeeded(), () -> shape + ": " + dryRun.failure().orElseThrow());
    assertEquals(4, dryRun.deleted(), "expired and boundary rows counted by the dry run");
    assertTrue(dryRun.lag().orElseThrow().compareTo(pastOf(shape)) >= 0, () -> "lag " + dryRun.lag());
    assertEquals(rows(shape).size(), labelsLeft(shape).size(), "a dry run deletes nothing");

    SweepReport sweep = retention.sweep(shape.pass());

    assertTrue(sweep.succeeded(), () -> shape + ": " + sweep.failure().orElseThrow());
    assertEquals(4, sweep.deleted());
    assertEquals(2, sweep.batches(), "batches of 3: one full, one short");
    assertFalse(sweep.workRemains());
    assertTrue(sweep.lag().isEmpty(), "nothing expired is left");
    List<String> expected = new ArrayList<>(List.of("live", "live", "null", "null"));
    shape.extraRows().forEach(row -> expected.add("plain"));
    assertEquals(expected.stream().sorted().toList(), labelsLeft(shape));
    shape.check().verify(emf);
  }

  @Test
  void anInheritanceHierarchyHasOnePassForItsTopmostEntityWithTheAttribute() {
    Set<String> passes = retention.passes().stream().map(RetentionPass::name).collect(Collectors.toSet());

    Set<String> roots = new java.util.HashSet<>(Set.of("dev.retention.it.shapes.Vehicle",
        "dev.retention.it.shapes.Document", "dev.retention.it.shapes.Shipment.Express"));
    if (Shapes.entities(kind).contains(dev.retention.it.shapes.Reading.class)) {
      roots.add("dev.retention.it.shapes.Reading");
    }
    assertTrue(passes.containsAll(roots), passes::toString);
    for (String subclass : List.of("Vehicle.Car", "Vehicle.Truck", "Document.Invoice", "Reading.Temperature",
        "Reading.Humidity", "Shipment")) {
      assertFalse(passes.contains("dev.retention.it.shapes." + subclass), subclass + " has no pass of its own");
    }
  }

  @Test
  void eachPassUsesTheFastestStatementsItsDatabaseAndMappingAllow() {
    if (JpaProvider.onClassPath() != JpaProvider.HIBERNATE) {
      for (RetentionPass pass : retention.passes()) {
        assertEquals("portable JPQL", retention.settings(pass.name()).statementShape().description(),
            pass.name() + ": the shaped statements need Hibernate's mapping model");
      }
      return;
    }
    String plain = switch (kind()) {
      case POSTGRESQL -> "PostgreSQL ctid";
      case MARIADB -> "ordered delete with a limit"; // an index leads with the date
      case H2 -> "portable JPQL";
    };
    String locked = kind() == TestDatabase.Kind.H2 ? "portable JPQL" : "JPQL with SKIP LOCKED";

    assertEquals(plain, retention.settings("dev.retention.it.shapes.InstantRow").statementShape().description(),
        () -> StartLine.of(retention));
    assertEquals(plain, retention.settings("dev.retention.it.shapes.Vehicle").statementShape().description(),
        "a single-table root");
    assertEquals(locked, retention.settings("dev.retention.it.shapes.Document").statementShape().description(),
        "joined tables: no native delete");
    assertEquals(locked, retention.settings("dev.retention.it.shapes.Shipment.Express").statementShape().description(),
        "a subclass: its rows share the table with others");
    assertEquals(locked, retention.settings("dev.retention.it.shapes.Basket").statementShape().description(),
        "entity removal");
    assertEquals("portable JPQL", retention.settings("dev.retention.it.shapes.Reading").statementShape().description(),
        "table per class: a union cannot be locked");
    // PairRow's key is (String, long): on MariaDB only integer keys take the SKIP LOCKED shape (next test).
    assertEquals(kind() == TestDatabase.Kind.MARIADB ? "portable JPQL" : locked,
        retention.settings("dev.retention.it.shapes.PairRow").statementShape().description(),
        "an @IdClass entity is removed entity by entity, locked and skipping what others hold");
  }

  /**
   * On MariaDB a string key does not take the SKIP LOCKED shape, which drained Spring Session's string-keyed table
   * slower than the portable JPQL (docs/PERFORMANCE.md run H), and the start line says why; where an index leads with
   * the date, as here, the ordered delete, which names no key, takes every key (run M). The key type changes nothing on
   * the other databases.
   */
  @Test
  void onMariaDbAStringKeyTakesTheShapeMeasuredFasterForIt() {
    if (JpaProvider.onClassPath() != JpaProvider.HIBERNATE) {
      return; // the shaped statements need Hibernate's mapping model: every pass is portable (test above)
    }
    RetentionRuntime runtime = RetentionRuntime.builder(emf).clock(new TestClock(NOW)).zone(ZONE).build();
    String stringKey = "dev.retention.it.shapes.StringIdRow";
    // At the defaults batches are sized and may reach 2,000 rows: the range statement takes any key on PostgreSQL; on
    // MariaDB the ordered delete comes first, for any key.
    StatementShape expected = switch (kind()) {
      case POSTGRESQL -> StatementShape.RANGE_STATEMENT;
      case MARIADB -> StatementShape.ORDERED_DELETE;
      case H2 -> StatementShape.PORTABLE_JPQL;
    };

    assertEquals(expected, runtime.settings(stringKey).statementShape());
    assertEquals(expected, runtime.settings("dev.retention.it.shapes.InstantRow").statementShape(), "a Long key");
    String line = StartLine.of(runtime);
    if (kind() == TestDatabase.Kind.MARIADB) {
      assertTrue(line.contains("StringIdRow has a String key, and on MariaDB only integer keys were measured faster"),
          line);
      assertTrue(line.contains("ordered delete with a limit (native delete by keys for the rest of a sweep that meets"
          + " a held row; not JPQL with SKIP LOCKED"), line);
    }
  }

  List<String> labelsLeft(Shape shape) {
    return Jpa.inTransaction(emf, em -> em.createQuery("select e.label from " + shape.queryEntity() + " e",
        String.class).getResultList().stream().sorted().toList());
  }

  static Duration pastOf(Shape shape) {
    return shape.dateOnly() ? Duration.ofDays(2) : Duration.ofHours(1);
  }

  /** Two rows of each case: expired, exactly at the cutoff, just after it, and with a null attribute. */
  List<Object> rows(Shape shape) {
    Instant cutoff = NOW.minus(shape.window());
    Duration past = pastOf(shape);
    Duration after = shape.dateOnly() ? Duration.ofDays(1) : Duration.ofSeconds(1);
    List<Object> rows = new ArrayList<>(shape.extraRows());
    for (int copy = 0; copy < 2; copy++) {
      long base = copy * 4L;
      rows.add(shape.rows().row(base + 1, "expired", cutoff.minus(past), ZONE));
      rows.add(shape.rows().row(base + 2, "boundary", cutoff, ZONE));
      rows.add(shape.rows().row(base + 3, "live", cutoff.plus(after), ZONE));
      rows.add(shape.rows().row(base + 4, "null", null, ZONE));
    }
    return rows;
  }
}
