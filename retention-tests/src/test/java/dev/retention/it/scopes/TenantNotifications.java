package dev.retention.it.scopes;

import dev.retention.it.support.Jpa;
import dev.retention.it.support.TestDatabase;
import jakarta.persistence.EntityManagerFactory;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Runs of {@link TenantNotification}s a writer of another application commits between a sweep's statements. */
public final class TenantNotifications {

  private TenantNotifications() {}

  /**
   * Persists two notifications of each of {@code tenants}, created at {@code createdAt}, numbered from the next ten
   * above the highest number there (1, 11, 21, ... on an empty table) in the order given: each tenant's rows are
   * {@code n} and {@code n + 1}.
   */
  public static void persistTwoEach(EntityManagerFactory emf, List<String> tenants, Instant createdAt) {
    Long highest = Jpa.inTransaction(emf, em -> em.createQuery("select max(n.id) from TenantNotification n", Long.class)
        .getSingleResult());
    long first = highest == null ? 1 : highest / 10 * 10 + 11;
    List<Object> rows = new ArrayList<>();
    for (String tenant : tenants) {
      rows.add(new TenantNotification(first, tenant, createdAt));
      rows.add(new TenantNotification(first + 1, tenant, createdAt));
      first += 10;
    }
    Jpa.persistAll(emf, rows);
  }

  /**
   * Commits notifications {@code first} to {@code last} of {@code tenant}, the first created at {@code from} and each
   * {@code step} after the one before, from a connection of its own, in one transaction.
   */
  public static void commitAside(TestDatabase database, long first, long last, String tenant, Instant from,
      Duration step) {
    try (Connection writer = database.connect();
        PreparedStatement insert = writer.prepareStatement(
            "insert into tenant_notification (id, tenant_id, created_at) values (?, ?, ?)")) {
      writer.setAutoCommit(false);
      for (long id = first; id <= last; id++) {
        insert.setLong(1, id);
        insert.setString(2, tenant);
        insert.setTimestamp(3, Timestamp.from(from.plus(step.multipliedBy(id - first))));
        insert.addBatch();
      }
      insert.executeBatch();
      writer.commit();
    } catch (SQLException e) {
      throw new IllegalStateException("the writer of " + tenant + "'s notifications " + first + " to " + last
          + " failed", e);
    }
  }
}
