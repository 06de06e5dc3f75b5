package dev.retention.it.model;

import dev.retention.it.support.Jpa;
import dev.retention.it.support.TestDatabase;
import jakarta.persistence.EntityManagerFactory;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Runs of {@link SessionToken}s numbered {@code first} to {@code last}, expiring a second apart from {@code from}. */
public final class SessionTokens {

  private SessionTokens() {}

  /** Persists them through the factory. */
  public static void persist(EntityManagerFactory emf, long first, long last, Instant from) {
    List<SessionToken> rows = new ArrayList<>();
    for (long id = first; id <= last; id++) {
      rows.add(new SessionToken(id, from.plusSeconds(id - first)));
    }
    Jpa.persistAll(emf, rows);
  }

  /**
   * Commits them from a connection of its own, in one transaction: another application's writer, between two of a
   * sweep's statements.
   */
  public static void commitAside(TestDatabase database, long first, long last, Instant from) {
    try (Connection writer = database.connect();
        PreparedStatement insert = writer.prepareStatement(
            "insert into session_token (id, expiresAt) values (?, ?)")) {
      writer.setAutoCommit(false);
      for (long id = first; id <= last; id++) {
        insert.setLong(1, id);
        insert.setTimestamp(2, Timestamp.from(from.plusSeconds(id - first)));
        insert.addBatch();
      }
      insert.executeBatch();
      writer.commit();
    } catch (SQLException e) {
      throw new IllegalStateException("the writer of session tokens " + first + " to " + last + " failed", e);
    }
  }
}
