package dev.retention.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged sample, run as a new process exactly as the README runs it, on an H2 file database the test reads
 * afterwards.
 */
class PackagedSampleIT {

  @TempDir
  Path folder;

  @Test
  void theJarDrainsTheExpiredHalfAndExitsZero() throws Exception {
    String url = "jdbc:h2:file:" + folder.resolve("sample").toAbsolutePath();

    // --keep: this test reads the tables after the run, which the sample drops from a --jdbc-url database otherwise.
    Run run = run("--rows", "4000", "--jdbc-url", url, "--user", "sa", "--keep");

    assertEquals(0, run.status(), run::output);
    assertTrue(run.stdout().contains("  acme     window 30d  (configured)  deleted 10 rows in 1 batch"), run::output);
    assertTrue(run.stdout().contains("Starting the retention runtime: 8 passes."), run::output);
    assertTrue(run.stdout().contains("pass               window    strategy"), run::output);
    assertTrue(run.stdout().contains("Expired rows left: AuditLogEntry 0; CheckoutCart 0; JobPayload 0;"
        + " Notification 0; ReportJob 0; TenantNotification 0; UserSession 0; WebSession 0"), run::output);
    try (Connection connection = DriverManager.getConnection(url, "sa", "")) {
      assertEquals(800, count(connection, "select count(*) from sample_audit_log"));
      assertEquals(300, count(connection, "select count(*) from sample_user_session"));
      assertEquals(200, count(connection, "select count(*) from SPRING_SESSION"));
      assertEquals(0, count(connection,
          "select count(*) from sample_user_session where expiresAt <= current_timestamp"));
      assertEquals(150, count(connection, "select count(*) from sample_cart_item"));
      assertEquals(30 + 14 + 7 + 7 + 7, count(connection, "select count(*) from sample_tenant_notification"),
          "each tenant's notifications its window keeps: acme 30, globex 14, the others and no tenant's 7");
    }
  }

  @Test
  void aBadFlagPrintsTheUsageAndExitsTwo() throws Exception {
    Run run = run("--batch-size", "10");

    assertEquals(2, run.status(), run::output);
    assertTrue(run.stderr().startsWith("error: unknown option --batch-size"), run::output);
    assertTrue(run.stderr().contains("--rows N"), run::output);
  }

  @Test
  void helpPrintsTheUsageAndExitsZero() throws Exception {
    Run run = run("--help");

    assertEquals(0, run.status(), run::output);
    assertTrue(run.stdout().contains("--dry-run"), run::output);
  }

  private Run run(String... arguments) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-jar", System.getProperty("sample.jar")));
    command.addAll(List.of(arguments));
    Path stdout = folder.resolve("stdout.txt");
    Path stderr = folder.resolve("stderr.txt");
    Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile())
        .start();
    if (!process.waitFor(5, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError("the sample did not finish within 5 minutes: " + Files.readString(stdout));
    }
    return new Run(process.exitValue(), Files.readString(stdout, StandardCharsets.UTF_8),
        Files.readString(stderr, StandardCharsets.UTF_8));
  }

  private static long count(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
      result.next();
      return result.getLong(1);
    }
  }

  private record Run(int status, String stdout, String stderr) {
    String output() {
      return "exit " + status + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
    }
  }
}
