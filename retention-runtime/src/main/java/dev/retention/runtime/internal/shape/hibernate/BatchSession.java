package dev.retention.runtime.internal.shape.hibernate;

import jakarta.persistence.EntityManager;
import java.sql.Statement;
import org.hibernate.Session;

/**
 * What a batch's transaction is told before its first statement, for the one database it runs on. It applies to that
 * transaction alone, so a connection back in the application's pool keeps its own settings.
 */
enum BatchSession {

  /** Nothing to set. */
  PLAIN(null),

  /**
   * PostgreSQL: commit without waiting for the WAL to reach the disk. A crash may then lose the last batches' deletes;
   * those rows are expired, so the next sweep deletes them again. Nothing is lost that must be kept.
   */
  ASYNCHRONOUS_COMMIT("set local synchronous_commit to off");

  private final String statement;

  BatchSession(String statement) {
    this.statement = statement;
  }

  /** Applies the setting; called before the batch's first statement. */
  void prepare(EntityManager em) {
    if (statement == null) {
      return;
    }
    em.unwrap(Session.class).doWork(connection -> {
      try (Statement setting = connection.createStatement()) {
        setting.execute(statement);
      }
    });
  }
}
