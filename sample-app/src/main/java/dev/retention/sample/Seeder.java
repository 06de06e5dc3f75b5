package dev.retention.sample;

import dev.retention.sample.model.AuditLogEntry;
import dev.retention.sample.model.CheckoutCart;
import dev.retention.sample.model.JobPayload;
import dev.retention.sample.model.Notification;
import dev.retention.sample.model.ReportJob;
import dev.retention.sample.model.ReportStatus;
import dev.retention.sample.model.TenantNotification;
import dev.retention.sample.model.UserSession;
import dev.retention.sample.model.WebSession;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.Random;
import java.util.UUID;
import java.util.function.IntFunction;

/**
 * Fills the sample's tables with rows of realistic ages: about half of each table is past its retention, the other
 * half is still live. A fixed seed makes every run alike.
 */
final class Seeder {

  private static final Duration YEAR = Duration.ofDays(365);
  private static final Duration NINETY_DAYS = Duration.ofDays(90);
  private static final Duration THIRTY_DAYS = Duration.ofDays(30);
  private static final String[] ACTIONS = {"login", "logout", "update-profile", "export", "delete-item"};
  /** The tenants of the tenant notifications, and null for a system notice of no tenant. */
  static final String[] TENANTS = {"acme", "globex", "initech", "umbrella", null};
  /** The ages of each tenant's notifications cycle through 0.5, 1.5, ... 59.5 days. */
  static final int AGE_CYCLE_DAYS = 60;

  private final EntityManagerFactory emf;
  private final Instant now;
  private final ZoneId zone;
  private final Random random = new Random(20_260_301L);

  /** A seed this large takes long enough (seconds to minutes on a server) to deserve a progress line every tenth. */
  static final int BIG_SEED = 100_000;

  private final PrintStream out;
  private final int progressFrom;
  private int seeded;
  private int total;
  private int nextReport;

  /** Prints a line at every tenth of a seed of {@code progressFrom} rows or more. */
  Seeder(EntityManagerFactory emf, Clock clock, PrintStream out, int progressFrom) {
    this.emf = emf;
    this.out = out;
    this.progressFrom = progressFrom;
    this.now = clock.instant();
    this.zone = clock.getZone();
  }

  /** Seeds {@code rows} rows in all, split across the tables, and returns how many went into each. */
  SeedCounts seed(int rows) {
    SeedCounts counts = new SeedCounts(rows * 40 / 100, rows * 15 / 100, rows * 10 / 100, rows * 10 / 100,
        rows * 5 / 100, rows * 5 / 100, rows * 5 / 100, rows * 10 / 100 / 4);
    total = counts.total();
    nextReport = total >= progressFrom ? Math.max(1, total / 10) : Integer.MAX_VALUE;
    insert(counts.auditEntries(), i -> new AuditLogEntry("user-" + i % 97, ACTIONS[i % ACTIONS.length],
        instantAround(YEAR, i)));
    // A name-based UUID, well-formed (MariaDB's UUID type checks the version bits) and the same on every run.
    insert(counts.sessions(), i -> new UserSession(UUID.nameUUIDFromBytes(("session-" + i).getBytes(UTF_8)),
        "user-" + i % 97, instantAround(Duration.ZERO, i)));
    insert(counts.webSessions(), i -> new WebSession(UUID.nameUUIDFromBytes(("web-" + i).getBytes(UTF_8)).toString(),
        "user-" + i % 97, instantAround(Duration.ZERO, i).toEpochMilli()));
    insert(counts.notifications(), i -> new Notification("user-" + i % 97, "Your export is ready",
        LocalDateTime.ofInstant(instantAround(NINETY_DAYS, i), zone)));
    // Each tenant's notifications are of every age up to 60 days, half a day off the whole days, so that each tenant's
    // window (a week, two weeks, 30 days) splits them clearly into expired and live.
    insert(counts.tenantNotifications(), i -> new TenantNotification(TENANTS[i % TENANTS.length], "Welcome back",
        now.minus(Duration.ofHours(12 + 24L * (i / TENANTS.length % AGE_CYCLE_DAYS)))));
    insert(counts.jobPayloads(), i -> new JobPayload("report", "{\"report\": " + i + "}",
        OffsetDateTime.ofInstant(instantAround(Duration.ZERO, i), zone)));
    // Every third job still runs: those stay whatever their date, the condition of their @Ttl keeps them.
    insert(counts.reportJobs(), i -> new ReportJob(i % 3 == 0 ? ReportStatus.RUNNING : ReportStatus.FINISHED,
        instantAround(Duration.ofDays(7), i)));
    insert(counts.carts(), i -> {
      CheckoutCart cart = new CheckoutCart("customer-" + i, instantAround(THIRTY_DAYS, i));
      for (int item = 1; item <= 3; item++) {
        cart.add("SKU-" + (i * 3 + item), 1 + item);
      }
      return cart;
    });
    return counts;
  }

  /**
   * A date such that, with a window of {@code window}, even rows are expired (by up to 60 days) and odd rows are still
   * live (expiring within 60 days).
   */
  private Instant instantAround(Duration window, int row) {
    Duration offset = Duration.ofMinutes(1 + random.nextInt(60 * 24 * 60));
    Instant expiry = row % 2 == 0 ? now.minus(offset) : now.plus(offset);
    return expiry.minus(window);
  }

  private void insert(int count, IntFunction<Object> row) {
    EntityManager em = emf.createEntityManager();
    try {
      em.getTransaction().begin();
      for (int i = 0; i < count; i++) {
        em.persist(row.apply(i));
        if ((i + 1) % 500 == 0) {
          em.flush();
          em.clear();
        }
        reportProgress();
      }
      em.getTransaction().commit();
    } finally {
      if (em.getTransaction().isActive()) {
        em.getTransaction().rollback();
      }
      em.close();
    }
  }

  private void reportProgress() {
    seeded++;
    if (seeded >= nextReport) {
      out.printf("  seeded %,d of %,d rows (%d%%)%n", seeded, total, seeded * 100L / total);
      nextReport += Math.max(1, total / 10);
    }
  }

  /** How many rows went into each table; each cart has three items besides. */
  record SeedCounts(int auditEntries, int sessions, int webSessions, int notifications, int tenantNotifications,
      int jobPayloads, int reportJobs, int carts) {
    int total() {
      return auditEntries + sessions + webSessions + notifications + tenantNotifications + jobPayloads + reportJobs
          + carts;
    }
  }
}
