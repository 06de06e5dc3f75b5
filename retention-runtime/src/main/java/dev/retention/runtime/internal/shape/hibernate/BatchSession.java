package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.internal.database.DatabaseProfile;
import dev.retention.runtime.internal.pass.ExpiredRows;
import jakarta.persistence.EntityManager;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import org.hibernate.Session;

/**
 * What a batch's transaction is told before its first statement, for the one database it runs on
 * ({@link DatabaseProfile#batchSession()}). It applies to that transaction alone, so a connection back in the
 * application's pool keeps its own settings. A pass set to keep the server's settings ({@code synchronous-commit=server})
 * is told nothing.
 */
final class BatchSession {

  private final List<String> statements;
  /** The passes whose batches keep the server's settings. */
  private final Set<String> onServerSettings;

  private BatchSession(List<String> statements, Set<String> onServerSettings) {
    this.statements = List.copyOf(statements);
    this.onServerSettings = Set.copyOf(onServerSettings);
  }

  /** The statements {@code database} runs first in each batch's transaction, but for {@code onServerSettings}. */
  static BatchSession of(DatabaseProfile database, Set<String> onServerSettings) {
    return new BatchSession(database.batchSession(), onServerSettings);
  }

  /** Applies the settings for a batch of {@code rows}; called before the batch's first statement. */
  void prepare(EntityManager em, ExpiredRows rows) {
    if (statements.isEmpty() || onServerSettings.contains(rows.pass().name())) {
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
