package dev.retention.it.scopes;

import dev.retention.it.support.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;

/** Runs of {@link TenantNotification}s a writer of another application commits between a sweep's statements. */
public final class TenantNotifications {

  private TenantNotifications() {}

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
