package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.internal.database.DatabaseProfile;
import jakarta.persistence.EntityManager;
import java.sql.Statement;
import java.util.List;
import org.hibernate.Session;

/**
 * What a batch's transaction is told before its first statement, for the one database it runs on
 * ({@link DatabaseProfile#batchSession()}). It applies to that transaction alone, so a connection back in the
 * application's pool keeps its own settings.
 */
final class BatchSession {

  private final List<String> statements;

  private BatchSession(List<String> statements) {
    this.statements = List.copyOf(statements);
  }

  /** The statements {@code database} runs first in each batch's transaction. */
  static BatchSession of(DatabaseProfile database) {
    return new BatchSession(database.batchSession());
  }

  /** Applies the settings; called before the batch's first statement. */
  void prepare(EntityManager em) {
    if (statements.isEmpty()) {
      return;
    }
    em.unwrap(Session.class).doWork(connection -> {
      try (Statement setting = connection.createStatement()) {
        for (String statement : statements) {
          setting.execute(statement);
        }
      }
    });
  }
}
