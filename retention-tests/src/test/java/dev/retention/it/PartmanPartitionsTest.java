package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.partitions.DayEvent;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOption.ExpiredPartitions;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A partition set pg_partman manages (daily, with its default partition), as teams run it: Retention drops the
 * partitions whose whole day is expired, concurrently with nothing but a plain detach beside the default partition, and
 * the batches take the expired rows of the default and of the day the cutoff falls in. pg_partman makes its partitions
 * from the server's own date, so the runtime's clock is set from it.
 */
@ParameterizedClass
@EnumSource(value = TestDatabase.Kind.class, names = "POSTGRESQL")
class PartmanPartitionsTest {

  @Parameter
  TestDatabase.Kind kind;

  TestDatabase database;
  EntityManagerFactory emf;

  @BeforeEach
  void openDatabase() throws SQLException {
    database = TestDatabase.create(kind);
    boolean available;
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(
            "select count(*) from pg_available_extensions where name = 'pg_partman'")) {
      rows.next();
      available = rows.getLong(1) > 0;
    }
    String missing = "pg_partman is not installed on the PostgreSQL server (Debian: apt-get install -y"
        + " postgresql-15-partman; .ci/run does so)";
    if (!available && "required".equals(System.getProperty("test.servers"))) {
      throw new AssertionError(missing + ", and -Dtest.servers=required");
    }
    Assumptions.assumeTrue(available, missing + ": the pg_partman case is skipped");
    emf = Jpa.factory(database, List.of(DayEvent.class));
  }

  @AfterEach
  void closeDatabase() throws Exception {
    if (database == null) {
      return;
    }
    if (emf != null) {
      emf.close();
    }
    database.close();
  }

  @Test
  void theDaysPgPartmanMadeGoWholeOnceExpiredAndTheRestByBatches() throws SQLException {
    LocalDate today;
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      statement.execute("set time zone 'UTC'");
      statement.execute("create schema partman");
      statement.execute("create extension pg_partman schema partman");
      statement.execute("alter table day_event rename to day_event_before");
      statement.execute("create table day_event (like day_event_before including defaults)"
          + " partition by range (occurred_at)");
      statement.execute("drop table day_event_before");
      try (ResultSet date = statement.executeQuery("select current_date")) {
        date.next();
        today = date.getObject(1, LocalDate.class);
      }
      statement.execute("select partman.create_parent('public.day_event', 'occurred_at', 'native', 'daily',"
          + " p_start_partition := '" + today.minusDays(10) + "')");
    }
    Instant now = today.atTime(12, 0).toInstant(ZoneOffset.UTC);
    Instant cutoff = now.minus(Duration.ofDays(1));
    Map<Long, Instant> rows = new TreeMap<>();
    long id = 1;
    for (Instant at = today.minusDays(12).atStartOfDay().toInstant(ZoneOffset.UTC);
        at.isBefore(today.plusDays(3).atStartOfDay().toInstant(ZoneOffset.UTC)); at = at.plus(Duration.ofHours(6))) {
      rows.put(id++, at);
    }
    rows.put(id++, cutoff);
    rows.put(id, null);
    List<DayEvent> events = new ArrayList<>();
    rows.forEach((key, at) -> events.add(new DayEvent(key, at)));
    Jpa.persistAll(emf, events);

    SweepReport report;
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(new TestClock(now))
        .options(DayEvent.class.getName(), RetentionOptions.empty().withExpiredPartitions(ExpiredPartitions.DROP))
        .build()) {
      report = retention.sweep(DayEvent.class.getName());
    }

    assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
    // The first day pg_partman made ends nine days ago; the day before yesterday's ends yesterday, at or before the
    // cutoff (yesterday noon): nine days in all. Yesterday's holds the cutoff, and the default the days before them.
    List<String> days = new ArrayList<>();
    for (int ago = 10; ago >= 2; ago--) {
      days.add("day_event_p" + today.minusDays(ago).toString().replace('-', '_'));
    }
    assertEquals(days, report.partitions());
    List<Long> kept = rows.entrySet().stream().filter(row -> row.getValue() == null || row.getValue().isAfter(cutoff))
        .map(Map.Entry::getKey).toList();
    assertEquals(kept, Jpa.inTransaction(emf, em -> em.createQuery("select e.id from DayEvent e order by e.id",
        Long.class).getResultList()));
    assertTrue(report.deleted() > 0, "the default partition's expired rows and yesterday's went by batches");
  }
}
