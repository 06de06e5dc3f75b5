package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.scopes.TenantNotification;
import dev.retention.it.scopes.TenantNotifications;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.RecordingListener;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.BatchReport;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A writer commits rows between a scope group's first batch and its second: expired rows of a tenant in the group,
 * expired rows of a tenant the sweep's grouped read never saw, and rows of a group's tenant within its window. Every
 * batch stays within its size, the group's batches take its own tenants' expired rows as they find them, the new
 * tenant waits for the next sweep, and no row within its window goes. The seam is Hibernate's statement inspector,
 * called with each statement before it runs: the writer runs before the first statement on the table after the first
 * delete, when the first batch has committed (inside a batch, MariaDB's next-key locks would hold the writer until it
 * commits): the second batch's selection, or on PostgreSQL its one statement, the {@code ctid} delete, which selects
 * the group's rows and deletes them at once without showing the batch's guard their scopes (its default collation
 * compares the tenants exactly).
 */
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class ScopeGroupWriterTest extends DatabaseSuite {

  private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  private static final String NOTIFICATIONS = TenantNotification.class.getName();
  private static final int BATCH_SIZE = 4;
  /** Tenants 1 to 8, three expired rows and one recent row each: one group, the pass's 30 days. */
  private static final int TENANTS = 8;
  private static final String NEW_TENANT = "tenant-new";

  private final AtomicReference<Runnable> afterFirstBatch = new AtomicReference<>();
  private final AtomicBoolean deleted = new AtomicBoolean();
  private final AtomicInteger writes = new AtomicInteger();

  ScopeGroupWriterTest(TestDatabase.Kind kind) {
    super(kind, NOW, TenantNotification.class);
  }

  @Override
  protected Map<String, ?> properties() {
    org.hibernate.resource.jdbc.spi.StatementInspector inspector = sql -> {
      String statement = sql.toLowerCase(Locale.ROOT);
      if (statement.contains("tenant_notification")) {
        if (deleted.get()) {
          Runnable write = afterFirstBatch.getAndSet(null);
          if (write != null) {
            write.run();
          }
        }
        if (statement.startsWith("delete")) {
          deleted.set(true);
        }
      }
      return sql;
    };
    return Map.of("hibernate.session_factory.statement_inspector", inspector);
  }

  @Test
  void rowsCommittedBetweenAGroupsBatchesKeepEveryBoundAndEveryLiveRow() {
    List<TenantNotification> rows = new ArrayList<>();
    long id = 1;
    for (int tenant = 1; tenant <= TENANTS; tenant++) {
      for (int old = 0; old < 3; old++) {
        rows.add(new TenantNotification(id++, tenant(tenant), NOW.minus(Duration.ofDays(90 + old))));
      }
      rows.add(new TenantNotification(id++, tenant(tenant), NOW.minus(Duration.ofDays(1))));
    }
    Jpa.persistAll(emf, rows);
    afterFirstBatch.set(() -> {
      insert(1_001, 1_030, tenant(1), NOW.minus(Duration.ofDays(100))); // expired, a tenant of the group
      insert(2_001, 2_005, NEW_TENANT, NOW.minus(Duration.ofDays(100))); // expired, unseen by the grouped read
      insert(3_001, 3_005, tenant(2), NOW.minus(Duration.ofDays(10))); // within the window
      writes.incrementAndGet();
    });

    RecordingListener listener = new RecordingListener();
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .defaults(RetentionOptions.empty().withBatchSize(BATCH_SIZE).withMaxBatchesPerScope(100)
            .withMaxBatchesPerSweep(100))
        .build()) {
      StatementShape expected = switch (kind) {
        case POSTGRESQL -> StatementShape.POSTGRESQL_CTID;
        case MARIADB -> StatementShape.SKIP_LOCKED;
        case H2 -> StatementShape.PORTABLE_JPQL;
      };
      assertEquals(expected, retention.settings(NOTIFICATIONS).statementShape());
      SweepReport first = retention.sweep(NOTIFICATIONS);

      assertTrue(first.succeeded(), first::toString);
      assertEquals(1, writes.get(), "the writer ran between the group's first batch and its second");
      assertEquals(TENANTS * 3 + 30, first.deleted(), "the group's rows, and those its batches found meanwhile: "
          + first);
      // One group: 54 rows in batches of 4, the first before the writer. Tenant by tenant it would be 16
      // (tenant 1's 33 rows in 9, the seven others' 3 in one each).
      assertEquals(14, first.batches(), "the eight tenants' batches as one group: " + first);
      assertEquals(5L, count("n.tenantId = '" + NEW_TENANT + "'"), "a tenant first written after the grouped read waits");

      SweepReport second = retention.sweep(NOTIFICATIONS);
      assertTrue(second.succeeded(), second::toString);
      assertEquals(5, second.deleted(), "the new tenant's expired rows, at the next sweep: " + second);
    }
    for (BatchReport batch : listener.batches) {
      assertTrue(batch.deleted() <= BATCH_SIZE, "no batch above its size: " + batch);
    }
    assertEquals(0L, count("n.createdAt <= :cutoff"), "no expired row left");
    assertEquals((long) TENANTS + 5, count("n.createdAt > :cutoff"), "every row within its window");
  }

  private long count(String where) {
    Instant cutoff = NOW.minus(Duration.ofSeconds(TenantNotification.THIRTY_DAYS));
    return Jpa.inTransaction(emf, em -> {
      var query = em.createQuery("select count(n) from TenantNotification n where " + where, Long.class);
      if (where.contains(":cutoff")) {
        query.setParameter("cutoff", cutoff);
      }
      return query.getSingleResult();
    });
  }

  /** Notifications {@code first} to {@code last} of {@code tenant}, dated {@code at}, committed by another connection. */
  private void insert(long first, long last, String tenant, Instant at) {
    TenantNotifications.commitAside(database, first, last, tenant, at, Duration.ZERO);
  }

  private static String tenant(int number) {
    return String.format(Locale.ROOT, "tenant-%02d", number);
  }
}
