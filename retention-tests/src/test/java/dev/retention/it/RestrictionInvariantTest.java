package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.restricted.HeldDocument;
import dev.retention.it.restricted.LedgerLine;
import dev.retention.it.restricted.MappedEvent;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.RandomCases;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The differential test's rule, "the rows left are exactly those an oracle in Java keeps", for what Hibernate restricts
 * a pass's rows by beyond the date: random cases (a fixed seed; {@code -Dinvariant.seed} replays one) over an entity
 * under an auto-enabled filter, one under a forced discriminator sharing its table with rows of another kind, and one
 * whose mapped superclass has a restriction, with random dates around the cutoff, random rows hidden, random batch
 * sizes, swept by the statements the runtime chooses or by the portable JPQL. The oracle keeps every row Hibernate
 * hides (on hold, archived, of the other kind), every row without a date and every row after the cutoff.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class RestrictionInvariantTest extends DatabaseSuite {

  private static final Instant NOW = Instant.parse("2026-04-01T00:00:00Z");
  /** An id that marks a row of the kind the application does not map, copied from a mapped one. */
  private static final long OTHER_KIND = 1_000;

  RestrictionInvariantTest(TestDatabase.Kind kind) {
    super(kind, NOW, HeldDocument.class, MappedEvent.class, LedgerLine.class);
  }

  /** What each case's entity is, and how its rows are written and hidden. */
  private enum Restricted {
    FILTER(HeldDocument.class, "held_document"),
    DISCRIMINATOR(MappedEvent.class, "shared_event"),
    RESTRICTION(LedgerLine.class, "ledger_line");

    final Class<?> entity;
    final String table;

    Restricted(Class<?> entity, String table) {
      this.entity = entity;
      this.table = table;
    }
  }

  @Test
  void theRowsLeftAreThoseHibernatesOwnStatementsKeep() {
    RandomCases.run("restrictions", kind, 60, this::oneCase);
  }

  private void oneCase(Random random) {
    Restricted restricted = Restricted.values()[random.nextInt(Restricted.values().length)];
    int rows = 1 + random.nextInt(30);
    List<Object> entities = new ArrayList<>();
    Set<Long> kept = new TreeSet<>();
    List<Long> otherKind = new ArrayList<>();
    for (long id = 1; id <= rows; id++) {
      Instant date = RandomCases.dateAround(random, NOW, Duration.ofHours(1));
      boolean hidden = random.nextInt(3) == 0;
      entities.add(switch (restricted) {
        case FILTER -> new HeldDocument(id, hidden, date);
        case DISCRIMINATOR -> new MappedEvent(id, date);
        case RESTRICTION -> new LedgerLine(id, hidden, date);
      });
      if (restricted == Restricted.DISCRIMINATOR && hidden) {
        otherKind.add(id);
        kept.add(id + OTHER_KIND);
        hidden = false;
      }
      if (hidden || date == null || date.isAfter(NOW)) {
        kept.add(id);
      }
    }
    boolean portable = random.nextInt(3) == 0;
    int batchSize = random.nextBoolean() ? 1 + random.nextInt(7) : 500;
    try {
      clear();
      Jpa.inTransaction(emf, em -> {
        entities.forEach(em::persist);
        return null;
      });
      for (long id : otherKind) {
        execute("insert into shared_event (id, kind, occurred_at) select id + " + OTHER_KIND + ", 'other',"
            + " occurred_at from shared_event where id = " + id);
      }
      try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC)
          .portableStatements(portable)
          .options(restricted.entity.getName(), RetentionOptions.empty().withBatchSize(batchSize)).build()) {
        String settings = retention.settings(restricted.entity.getName()).toString();
        SweepReport report;
        int sweeps = 0;
        do {
          report = retention.sweep(restricted.entity.getName());
          assertTrue(report.succeeded(), report::toString);
        } while (report.workRemains() && ++sweeps < 100);
        assertEquals(kept, idsIn(restricted.table), restricted + ", " + rows + " rows, batch-size " + batchSize
            + (portable ? ", portable" : "") + ", " + settings + ": " + report);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(restricted + ": " + e.getMessage(), e);
    }
  }

  private void clear() throws SQLException {
    for (Restricted each : Restricted.values()) {
      execute("delete from " + each.table);
    }
  }

  /** Every id the table holds, read past Hibernate's filters and restrictions. */
  private Set<Long> idsIn(String table) {
    Set<Long> ids = new TreeSet<>();
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        ResultSet found = statement.executeQuery("select id from " + table)) {
      while (found.next()) {
        ids.add(found.getLong(1));
      }
    } catch (SQLException e) {
      throw new IllegalStateException("reading " + table + ": " + e.getMessage(), e);
    }
    return ids;
  }

  private void execute(String sql) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }
}
