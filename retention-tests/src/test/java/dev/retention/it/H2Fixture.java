package dev.retention.it;

import dev.retention.it.model.AuditEntry;
import dev.retention.it.model.SessionToken;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** An H2 database of sessions and audit entries per test, and a clock that stands still. */
abstract class H2Fixture {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String SESSIONS = SessionToken.class.getName();
  static final String AUDIT = AuditEntry.class.getName();

  final TestClock clock = new TestClock(NOW);
  TestDatabase database;
  EntityManagerFactory emf;

  List<Class<?>> entities() {
    return List.of(SessionToken.class, AuditEntry.class);
  }

  @BeforeEach
  void openDatabase() {
    database = TestDatabase.create(TestDatabase.Kind.H2);
    emf = Jpa.factory(database, entities());
  }

  @AfterEach
  void closeDatabase() throws Exception {
    if (emf != null) {
      emf.close();
    }
    if (database != null) {
      database.close();
    }
  }

  /** Sessions {@code first} to {@code first + count - 1}, each expired a minute after the one before. */
  void persistExpiredSessions(long first, int count) {
    List<SessionToken> sessions = new ArrayList<>();
    for (long id = first; id < first + count; id++) {
      sessions.add(new SessionToken(id, NOW.minus(Duration.ofDays(30)).plusSeconds(id * 60)));
    }
    Jpa.persistAll(emf, sessions);
  }

  /** Audit entries {@code first} to {@code first + count - 1}, all past their window. */
  void persistExpiredAudit(long first, int count) {
    List<AuditEntry> entries = new ArrayList<>();
    for (long id = first; id < first + count; id++) {
      entries.add(new AuditEntry(id, NOW.minus(Duration.ofDays(2)).plusSeconds(id)));
    }
    Jpa.persistAll(emf, entries);
  }
}
