package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.scopes.DeviceReading;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.EveryProvider;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.JpaProvider;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A {@code UUID} scope on every provider and database: bound as a scope value and found scope by scope with
 * {@code min(e.deviceId) ... > :after}, whatever type the provider gives the column and however the database orders
 * it; the value may come as text, as a request or configuration gives it.
 */
@EveryProvider
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class ScopeValueTypesTest extends DatabaseSuite {

  /** Scope windows shortened on purpose; the runtime warns of each. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention")
      .allow("Retention windows of .* shortened for scope ");

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String READINGS = DeviceReading.class.getName();
  static final UUID FIRST = UUID.fromString("00000000-0000-0000-0000-000000000001");
  static final UUID HIGH = UUID.fromString("ffffffff-0000-4000-8000-000000000002");
  static final UUID MIDDLE = UUID.fromString("7fffffff-ffff-4fff-bfff-ffffffffffff");

  ScopeValueTypesTest(TestDatabase.Kind kind) {
    super(kind, NOW, DeviceReading.class);
  }

  /**
   * EclipseLink binds a UUID as text, which PostgreSQL will not compare with or store in a {@code uuid} column unless
   * the driver leaves the parameter's type to the server ({@code stringtype=unspecified}), as such an application must.
   */
  @Override
  protected Map<String, ?> properties() {
    return JpaProvider.onClassPath() == JpaProvider.ECLIPSELINK && kind == TestDatabase.Kind.POSTGRESQL
        ? Map.of("jakarta.persistence.jdbc.url", database.url() + "&stringtype=unspecified")
        : Map.of();
  }

  /** Per device: one reading two days old (expired), one an hour old; and the same for readings of no device. */
  private void readings() {
    Jpa.persistAll(emf, List.of(
        new DeviceReading(1, FIRST, NOW.minus(Duration.ofDays(2))),
        new DeviceReading(2, FIRST, NOW.minus(Duration.ofHours(1))),
        new DeviceReading(3, HIGH, NOW.minus(Duration.ofDays(2))),
        new DeviceReading(4, HIGH, NOW.minus(Duration.ofHours(1))),
        new DeviceReading(5, MIDDLE, NOW.minus(Duration.ofDays(2))),
        new DeviceReading(6, MIDDLE, NOW.minus(Duration.ofHours(1))),
        new DeviceReading(7, null, NOW.minus(Duration.ofDays(2))),
        new DeviceReading(8, null, NOW.minus(Duration.ofHours(1)))));
  }

  private RetentionRuntime.Builder runtime() {
    return RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC)
        .options(READINGS, RetentionOptions.empty().withBatchSize(1).withMinRetention(Duration.ZERO));
  }

  @Test
  void anOnDemandSweepBindsTheUuidGivenAsItselfOrAsText() {
    readings();
    try (RetentionRuntime retention = runtime().build()) {
      SweepReport byValue = retention.sweep(READINGS, HIGH);
      SweepReport byText = retention.sweep(READINGS, MIDDLE.toString());

      assertTrue(byValue.succeeded(), () -> byValue.failure().orElseThrow().toString());
      assertTrue(byText.succeeded(), () -> byText.failure().orElseThrow().toString());
      assertEquals(1, byValue.deleted());
      assertEquals(1, byText.deleted());
      assertEquals(Set.of(1L, 2L, 4L, 6L, 7L, 8L), ids("select r.id from DeviceReading r"));
    }
  }

  @Test
  void aWholeSweepFindsEveryDeviceAndUsesEachOnesWindow() {
    readings();
    try (RetentionRuntime retention = runtime()
        .configuration(Map.of("retention." + READINGS + ".scope." + MIDDLE + ".retention", "30m"))
        .build()) {
      SweepReport report = retention.sweep(READINGS);

      assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
      assertEquals(5, report.deleted(), "each device's expired reading, the middle one's both, and the one of none");
      assertEquals(Set.of(2L, 4L, 8L), ids("select r.id from DeviceReading r"));
    }
  }
}
