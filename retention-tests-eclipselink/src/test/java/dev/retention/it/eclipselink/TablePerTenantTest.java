package dev.retention.it.eclipselink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.RecordingListener;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * EclipseLink's {@code @Multitenant(TABLE_PER_TENANT)}: each tenant's rows in a table of its own, which EclipseLink
 * picks from the entity manager's {@code eclipselink.tenant-id}, in a schema per tenant or named with the tenant as a
 * suffix (its default), swept as {@link EclipseLinkTenantsContract} says. A tenant listed whose table cannot be reached
 * fails its own sweep, said in its report, while the others drain. Rows are counted by plain SQL in each tenant's
 * table.
 *
 * <p>A schema per tenant on H2 and PostgreSQL (MariaDB's schemas are databases of the shared server, which the suites
 * do not create); a suffix on all three.
 */
@Tag("eclipselink")
@Timeout(120)
@ParameterizedClass(name = "{0}, {1}")
@MethodSource("databasesAndLayouts")
class TablePerTenantTest extends EclipseLinkTenantsContract {

  static final String TENANT_PROPERTY = "eclipselink.tenant-id";

  /** Where EclipseLink finds a tenant's table. */
  enum Layout {
    SCHEMA(SchemaNote.class, "a schema per tenant", SchemaNote::new) {
      @Override
      String table(String tenant) {
        return tenant + ".schema_note";
      }
    },
    SUFFIX(SuffixNote.class, "a table name suffix per tenant", SuffixNote::new) {
      @Override
      String table(String tenant) {
        return "suffix_note_" + tenant;
      }
    };

    final Class<?> entity;
    final String description;
    final BiFunction<Long, Instant, Object> row;

    Layout(Class<?> entity, String description, BiFunction<Long, Instant, Object> row) {
      this.entity = entity;
      this.description = description;
      this.row = row;
    }

    /** The table of {@code tenant}'s rows, as EclipseLink names it. */
    abstract String table(String tenant);

    @Override
    public String toString() {
      return description;
    }
  }

  static Stream<Arguments> databasesAndLayouts() {
    return Stream.of(TestDatabase.Kind.values()).flatMap(kind -> Stream.of(Layout.values())
        .filter(layout -> layout != Layout.SCHEMA || kind != TestDatabase.Kind.MARIADB)
        .map(layout -> Arguments.of(kind, layout)));
  }

  /** The failing tenant's sweep, logged at WARNING, naming its tenant. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention");

  private final Layout layout;

  TablePerTenantTest(TestDatabase.Kind kind, Layout layout) {
    super(kind, layout.entity, TENANT_PROPERTY, "TABLE_PER_TENANT, " + layout.description, layout.row);
    this.layout = layout;
  }

  /** EclipseLink's schema generation creates no table of a tenant: the application's migrations do, as here. */
  @Override
  void prepare(String tenant) {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      if (layout == Layout.SCHEMA) {
        statement.execute("create schema " + tenant);
      }
      statement.execute("create table " + layout.table(tenant) + " (id bigint not null primary key, expiresAt "
          + (kind == TestDatabase.Kind.MARIADB ? "datetime(6)" : "timestamp") + ")");
      statement.execute("create index " + tenant + "_note_expiresAt on " + layout.table(tenant) + " (expiresAt)");
    } catch (SQLException e) {
      throw new IllegalStateException("Creating the table of tenant " + tenant + " on " + kind, e);
    }
  }

  /** Each tenant's ids start at 1: its rows are in a table of its own. */
  @Override
  long idsBefore(String tenant) {
    return 0;
  }

  /**
   * A tenant listed without a schema (created late, dropped, misspelt) fails its own sweep, and says so in its report
   * and the round's; every other tenant is swept all the same.
   */
  @Test
  void aTenantWhoseTableIsMissingFailsAloneAndTheOthersDrain() throws SQLException {
    List<String> listed = List.of("t1", "t2", "missing", "t3");
    warnings.expect(Pattern.quote(pass + " [tenant missing]: deleted 0 rows") + ".*, failed: ");
    RecordingListener listener = new RecordingListener();
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .tenants(() -> listed).build()) {
      SweepReport round = retention.sweepAll().get(0);

      assertTrue(round.failure().isPresent(), round::toString);
      assertEquals(3L * EXPIRED, round.deleted(), round::toString);
    }
    assertEquals(listed, tenantsOf(listener.sweeps));
    SweepReport missing = listener.sweeps.get(2);
    assertTrue(missing.failure().isPresent(), missing::toString);
    assertTrue(missing.toString().startsWith(pass + " [tenant missing]: deleted 0 rows")
        && missing.toString().contains(", failed: "), missing::toString);
    assertEquals(rows(0, 0, 0), rowsByTenant(true));
    assertEquals(rows(LIVE, LIVE, LIVE), rowsByTenant(false));
  }

  /** The expired (or live) rows in each tenant's table, by their ids, counted by plain SQL. */
  @Override
  Map<String, Long> rowsByTenant(boolean expired) throws SQLException {
    Map<String, Long> rows = new TreeMap<>();
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      for (String tenant : TENANTS) {
        try (ResultSet result = statement.executeQuery("select count(*) from " + layout.table(tenant) + " where id "
            + (expired ? "<=" : ">") + " " + EXPIRED)) {
          result.next();
          rows.put(tenant, result.getLong(1));
        }
      }
    }
    return rows;
  }
}
