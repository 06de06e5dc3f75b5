package dev.retention.it.tenancy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The look across {@code @TenantId} values under a JVM and JDBC zone that is not UTC, its cutoff in the hour New York
 * repeats when its clocks go back (2026-11-01, 01:00 to 02:00 twice): a wall-clock expiry in that hour stands for two
 * instants, and the look binds the cutoff as each tenant's own statements do, so it visits every tenant whose own sweep
 * deletes a row. Each tenant holds one wall-clock time around the hour; at each clock, after a round, each tenant's own
 * sweep ({@code sweepTenant}, which looks for itself) must find nothing the round left, what was expired two hours
 * before must be gone and what expires two hours after must stay. The JVM's zone is restored afterwards.
 */
@Timeout(300)
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class TenantLookZoneTest extends DatabaseSuite {

  static final ZoneId NEW_YORK = ZoneId.of("America/New_York");
  static final String PASS = WallClockTenantNote.class.getName();
  /** Before the repeated hour: 00:00 EDT. */
  static final Instant BEFORE = Instant.parse("2026-11-01T04:00:00Z");
  /** The clocks of the rounds: 01:30 EDT, 01:30 EST (the same wall-clock time), 02:30 EST, 03:30 EST. */
  static final List<Instant> CLOCKS = List.of(Instant.parse("2026-11-01T05:30:00Z"),
      Instant.parse("2026-11-01T06:30:00Z"), Instant.parse("2026-11-01T07:30:00Z"),
      Instant.parse("2026-11-01T08:30:00Z"));
  /** One expiry a tenant, each a wall-clock time in New York around the repeated hour. */
  static final List<LocalDateTime> EXPIRIES = List.of("00:30", "00:59:59", "01:00", "01:10", "01:29:59", "01:30",
      "01:30:01", "01:45", "01:59:59", "02:00", "02:30", "03:00").stream()
      .map(time -> LocalDateTime.parse("2026-11-01T" + (time.length() == 5 ? time + ":00" : time))).toList();

  private final List<String> tenants = new ArrayList<>();
  private TimeZone jvmZone;

  TenantLookZoneTest(TestDatabase.Kind kind) {
    super(kind, BEFORE, WallClockTenantNote.class);
    for (int i = 0; i < EXPIRIES.size(); i++) {
      tenants.add("w" + i);
    }
  }

  @Override
  protected Map<String, ?> properties() {
    return Map.of("hibernate.tenant_identifier_resolver", new FallbackTenant(tenants.get(0)));
  }

  /** The JVM runs in New York, and the factory has no {@code hibernate.jdbc.time_zone}: JDBC uses the JVM's zone. */
  @BeforeEach
  @Override
  protected void openDatabase() {
    jvmZone = TimeZone.getDefault();
    useJvmZone(TimeZone.getTimeZone(NEW_YORK));
    database = TestDatabase.create(kind);
    emf = Jpa.factoryInJvmZone(database, List.of(WallClockTenantNote.class), properties());
  }

  @AfterEach
  @Override
  protected void closeDatabase() throws Exception {
    try {
      super.closeDatabase();
    } finally {
      useJvmZone(jvmZone);
    }
  }

  /** Sets the JVM's zone; H2 keeps the zone it first saw until told to read it again. */
  private void useJvmZone(TimeZone zone) {
    TimeZone.setDefault(zone);
    if (kind == TestDatabase.Kind.H2) {
      org.h2.util.DateTimeUtils.resetCalendar();
    }
  }

  @Test
  void aCutoffInTheRepeatedHourLeavesNothingATenantsOwnSweepWouldTake() throws SQLException {
    String line = StartLine.of(runtime());
    assertTrue(line.contains(kind != TestDatabase.Kind.H2
        ? ", its tenants' @TenantId values looked at together once a round" : ", a look per tenant ("), line);
    try (RetentionRuntime retention = runtime()) {
      retention.sweep(PASS); // every tenant visited once, saying its value; nothing expired yet
      insertOneExpiryEachTenant();
      for (Instant now : CLOCKS) {
        clock.set(now);
        SweepReport round = retention.sweep(PASS);
        assertTrue(round.failure().isEmpty(), round::toString);
        for (String tenant : tenants) {
          SweepReport own = retention.sweepTenant(PASS, tenant);
          assertEquals(0, own.deleted(), () -> "at " + now + " the round left a row of " + tenant + " ("
              + EXPIRIES.get(tenants.indexOf(tenant)) + " in New York) that its own sweep takes: " + own);
        }
        for (int i = 0; i < tenants.size(); i++) {
          LocalDateTime expiry = EXPIRIES.get(i);
          // Its latest instant (the later offset of a repeated time) two hours before the clock: surely expired.
          boolean surelyExpired = !expiry.atZone(NEW_YORK).withLaterOffsetAtOverlap().toInstant().plusSeconds(7200)
              .isAfter(now);
          boolean surelyLive = expiry.atZone(NEW_YORK).withEarlierOffsetAtOverlap().toInstant()
              .minusSeconds(7200).isAfter(now);
          boolean present = present(tenants.get(i));
          if (surelyExpired) {
            assertTrue(!present, "at " + now + " the row of " + expiry + " in New York is gone");
          }
          if (surelyLive) {
            assertTrue(present, "at " + now + " the row of " + expiry + " in New York stays");
          }
        }
      }
    }
  }

  private RetentionRuntime runtime() {
    return RetentionRuntime.builder(emf).clock(clock).tenants(() -> tenants).build();
  }

  private void insertOneExpiryEachTenant() throws SQLException {
    try (Connection connection = database.connect(); PreparedStatement insert = connection.prepareStatement(
        "insert into wall_clock_tenant_note (id, tenant, expires_at) values (?, ?, ?)")) {
      for (int i = 0; i < tenants.size(); i++) {
        insert.setLong(1, i + 1);
        insert.setString(2, tenants.get(i));
        insert.setObject(3, EXPIRIES.get(i));
        insert.addBatch();
      }
      insert.executeBatch();
    }
  }

  private boolean present(String tenant) throws SQLException {
    try (Connection connection = database.connect(); PreparedStatement query = connection.prepareStatement(
        "select count(*) from wall_clock_tenant_note where tenant = ?")) {
      query.setString(1, tenant);
      try (ResultSet result = query.executeQuery()) {
        result.next();
        return result.getLong(1) > 0;
      }
    }
  }
}
