package dev.retention.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Runs the sample's main path in this JVM and checks its output and what is left in its database. */
class SampleAppTest {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @Test
  void drainsTheExpiredHalfOfTheBacklogAndExitsZero() throws Exception {
    int status = SampleApp.run(print(out), print(err), "--rows", "4000");

    assertEquals(0, status, this::output);
    assertTrue(text(out).contains("Seeded 1,600 audit entries, 600 sessions, 400 web sessions (epoch milliseconds),"
        + " 400 notifications, 200 tenant notifications (4 tenants and none), 200 job payloads, 200 report jobs (a third"
        + " running), 100 carts"), this::output);
    assertTrue(text(out).contains("Expired rows left: AuditLogEntry 0; CheckoutCart 0; JobPayload 0;"
        + " Notification 0; ReportJob 0; TenantNotification 0; UserSession 0; WebSession 0"), this::output);
    // The live half of each table is still there; the expired half is gone.
    assertEquals(800, count("select count(*) from sample_audit_log"));
    // Every audit entry deleted was archived first, and nothing else: 800 in history, none of them still present,
    // every one expired.
    assertEquals(800, count("select count(*) from sample_audit_log_history"));
    assertEquals(0, count("select count(*) from sample_audit_log_history h join sample_audit_log a on a.id = h.id"));
    assertEquals(0, count("select count(*) from sample_audit_log_history"
        + " where occurredAt > dateadd('DAY', -365, current_timestamp)"));
    assertEquals(300, count("select count(*) from sample_user_session"));
    // Spring Session's shape: EXPIRY_TIME is epoch milliseconds; none left at or before now.
    assertEquals(200, count("select count(*) from SPRING_SESSION"));
    assertEquals(0, count("select count(*) from SPRING_SESSION"
        + " where EXPIRY_TIME <= datediff('MILLISECOND', timestamp with time zone '1970-01-01 00:00:00+00',"
        + " current_timestamp)"));
    assertEquals(0, count("select count(*) from sample_user_session where expiresAt <= current_timestamp"));
    assertEquals(200, count("select count(*) from sample_notification"));
    // 40 notifications per tenant (and 40 of none), 0.5 to 39.5 days old: each tenant keeps those its window keeps,
    // acme 30 days and globex 14 (retention.properties), the others and the rows of no tenant the pass's 7.
    assertEquals(30, count("select count(*) from sample_tenant_notification where tenant_id = 'acme'"));
    assertEquals(14, count("select count(*) from sample_tenant_notification where tenant_id = 'globex'"));
    assertEquals(7, count("select count(*) from sample_tenant_notification where tenant_id = 'initech'"));
    assertEquals(7, count("select count(*) from sample_tenant_notification where tenant_id = 'umbrella'"));
    assertEquals(7, count("select count(*) from sample_tenant_notification where tenant_id is null"));
    assertEquals(100, count("select count(*) from sample_job_payload"));
    // Of the 100 report jobs past their window, the 66 finished ones went; the 34 running ones stay.
    assertEquals(134, count("select count(*) from sample_report_job"));
    assertEquals(34, count("select count(*) from sample_report_job"
        + " where updatedAt <= dateadd('DAY', -7, current_timestamp)"));
    assertEquals(0, count("select count(*) from sample_report_job"
        + " where updatedAt <= dateadd('DAY', -7, current_timestamp) and status <> 'RUNNING'"));
    assertEquals(50, count("select count(*) from sample_checkout_cart"));
    assertEquals(150, count("select count(*) from sample_cart_item"), "the items of removed carts went with them");
  }

  @Test
  void signInsSweepTheirTenantsNotificationsEachByItsWindow() throws Exception {
    int status = SampleApp.run(print(out), print(err), "--rows", "4000");

    assertEquals(0, status, this::output);
    List<String> lines = text(out).lines().toList();
    int header = lines.indexOf("Simulated sign-ins: each sweeps its tenant's notifications on the request path (at"
        + " most 10 batches of 500 rows, none started after 200 ms):");
    assertTrue(header >= 0, this::output);
    assertTrue(lines.get(header + 1).startsWith("  acme     window 30d  (configured)  deleted 10 rows in 1 batch ("),
        this::output);
    assertTrue(lines.get(header + 2).startsWith("  globex   window 14d  (configured)  deleted 26 rows in 1 batch ("),
        this::output);
    assertTrue(lines.get(header + 3).startsWith("  initech  window 7d   (the pass's)  deleted 33 rows in 1 batch ("),
        this::output);
    assertTrue(lines.get(header + 4).startsWith("Starting the retention runtime: 8 passes"), this::output);
    // The background sweeps took the rest: umbrella's and the rows of no tenant, 33 each, a batch for each scope with
    // expired rows only (the tenants the sign-ins swept have none left, and cost no batch).
    assertTrue(lines.stream().anyMatch(line -> line.startsWith(
        "TenantNotification: deleted 66 rows in 2 batches, drained")), this::output);
  }

  @Test
  void aBadFlagPrintsTheUsageAndExitsNonZero() throws Exception {
    int status = SampleApp.run(print(out), print(err), "--rows", "many");

    assertEquals(2, status);
    assertTrue(text(err).startsWith("error: --rows needs a whole number, not many"), text(err));
    assertTrue(text(err).contains("Usage: java -jar"), text(err));
  }

  @Test
  void aJdbcUrlWithoutAUserIsOneClearLine() throws Exception {
    int status = SampleApp.run(print(out), print(err), "--jdbc-url", "jdbc:postgresql://127.0.0.1:5432/postgres");

    assertEquals(2, status);
    assertEquals("error: --jdbc-url needs --user: the database user to connect as (e.g. --user postgres), and"
        + " --password if it has one", text(err).lines().findFirst().orElseThrow());
    assertTrue(text(out).isEmpty(), this::output);
  }

  @Test
  void onADatabaseOfItsUsersItDropsTheTablesItCreatedWhenItEnds() throws Exception {
    String url = "jdbc:h2:mem:sample-server-drop;DB_CLOSE_DELAY=-1";

    int status = SampleApp.run(print(out), print(err), "--rows", "400", "--jdbc-url", url, "--user", "sa");

    assertEquals(0, status, this::output);
    assertEquals(0, count(url, "select count(*) from information_schema.tables where table_name like 'SAMPLE_%'"));
    assertTrue(text(out).strip().endsWith("Dropped the sample_* tables it created in " + url
        + " (--keep keeps them)."), this::output);
  }

  @Test
  void keepKeepsTheTables() throws Exception {
    String url = "jdbc:h2:mem:sample-server-keep;DB_CLOSE_DELAY=-1";

    int status = SampleApp.run(print(out), print(err), "--rows", "400", "--jdbc-url", url, "--user", "sa", "--keep");

    assertEquals(0, status, this::output);
    assertEquals(80, count(url, "select count(*) from sample_audit_log"), "the live half of 160 audit entries");
    assertEquals(30, count(url, "select count(*) from sample_user_session"), "the live half of 60 sessions");
    assertTrue(text(out).strip().endsWith("Kept the sample_* tables in " + url + " (--keep)."), this::output);
  }

  @Test
  void theSummaryShowsEachPassesStatementShape() throws Exception {
    int status = SampleApp.run(print(out), print(err), "--rows", "400");

    assertEquals(0, status, this::output);
    String header = text(out).lines().filter(line -> line.startsWith("pass ")).findFirst().orElseThrow();
    assertTrue(header.contains("statements"), header);
    long portable = text(out).lines().filter(line -> line.contains("portable JPQL")).count();
    assertEquals(7, portable, "every pass on H2 but the archived one uses the generated JPQL" + output());
    assertTrue(text(out).lines().anyMatch(line -> line.startsWith("AuditLogEntry ")
        && line.contains("JPQL with rows locked for a before-delete hook")), this::output);
  }

  @Test
  void aDryRunCountsAndDoesNotSayDrained() throws Exception {
    int status = SampleApp.run(print(out), print(err), "--rows", "400", "--dry-run");

    assertEquals(0, status, this::output);
    assertTrue(text(out).contains("UserSession: would delete 30 rows (dry run, nothing deleted)"), this::output);
    assertTrue(!text(out).contains("drained"), this::output);
    // The summary: the 30 rows counted are all left, and a dry run commits no batch.
    String summary = text(out).lines().filter(line -> line.startsWith("UserSession ")).findFirst().orElseThrow();
    assertTrue(summary.matches(".* 30 +- +yes, all +.+ ms"), summary);
    assertTrue(!text(out).contains("Dropped the sample_* tables"), "the embedded H2 ends with the process");
  }

  private static long count(String sql) throws SQLException {
    return count(SampleDatabase.EMBEDDED_H2, sql);
  }

  private static long count(String url, String sql) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url, "sa", "");
        Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(sql)) {
      result.next();
      return result.getLong(1);
    }
  }

  private static PrintStream print(ByteArrayOutputStream buffer) {
    return new PrintStream(buffer, true, StandardCharsets.UTF_8);
  }

  private static String text(ByteArrayOutputStream buffer) {
    return buffer.toString(StandardCharsets.UTF_8);
  }

  private String output() {
    return text(out) + text(err);
  }
}
