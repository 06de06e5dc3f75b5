package dev.retention.quarkus.deployment.tenancy;

import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.interceptor.Interceptor;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

/**
 * Rows in every tenant's table before the runtime starts, the same ids in each, so that a sweep in the wrong schema or
 * database deletes the wrong tenant's rows. Expired or live relative to {@code FixedClock.NOW} (2026-01-01T00:00:00Z).
 */
@Singleton
public class SeededRows {

  private static final OffsetDateTime EXPIRED = OffsetDateTime.of(2025, 12, 30, 0, 0, 0, 0, ZoneOffset.UTC);
  private static final OffsetDateTime LIVE = OffsetDateTime.of(2026, 6, 1, 0, 0, 0, 0, ZoneOffset.UTC);

  /** Each tenant's expired ids. */
  public static final Map<String, List<Long>> EXPIRED_IDS = Map.of(
      "base", List.of(1L),
      "tenant_b", List.of(1L, 2L),
      "tenant_c", List.of(2L));

  /** Each tenant's live ids. */
  public static final Map<String, List<Long>> LIVE_IDS = Map.of(
      "base", List.of(2L),
      "tenant_b", List.of(3L),
      "tenant_c", List.of(1L));

  @Inject
  TenantStorage storage;

  void insert(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE + 1) StartupEvent event) throws SQLException {
    for (String tenant : EXPIRED_IDS.keySet()) {
      try (Connection connection = storage.connect(tenant)) {
        insert(connection, storage.qualified(tenant, "SessionToken"), EXPIRED_IDS.get(tenant), EXPIRED);
        insert(connection, storage.qualified(tenant, "SessionToken"), LIVE_IDS.get(tenant), LIVE);
      }
    }
  }

  private static void insert(Connection connection, String table, List<Long> ids, OffsetDateTime expiresAt)
      throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(
        "insert into " + table + " (id, expiresAt) values (?, ?)")) {
      for (long id : ids) {
        insert.setLong(1, id);
        insert.setObject(2, expiresAt);
        insert.executeUpdate();
      }
    }
  }
}
