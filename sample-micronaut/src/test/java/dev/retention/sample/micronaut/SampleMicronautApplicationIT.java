package dev.retention.sample.micronaut;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.support.ApplicationProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The packaged sample, started with {@code java -jar} as a user starts it, with an option from an environment
 * variable and a stray {@code RETENTION_DAYS} of some other tool, and checked over HTTP the way a user or a monitoring
 * system reads it: {@code /health}, {@code /metrics/retention.rows.deleted} and the sample's own {@code /tokens}. It
 * waits for the application's own log lines, never for a fixed time, and stops it as a service manager does.
 */
class SampleMicronautApplicationIT {

  private static final String PASS = ApiToken.class.getName();
  private static final int EXPIRED = 25;
  private static final int LIVE = 5;
  // A deadline, not a pause: generous, since a loaded 2-core machine can take long to start a JVM.
  private static final Duration PATIENCE = Duration.ofSeconds(90);

  private static final String STRAY_VARIABLE = "RETENTION_DAYS";
  /** A line of the sample's logback.xml: {@code %d{HH:mm:ss.SSS} %-5level %logger{36} - %msg%n}. */
  private static final Pattern LOGBACK_LINE =
      Pattern.compile("\\d{2}:\\d{2}:\\d{2}\\.\\d{3} (INFO |WARN |ERROR|DEBUG|TRACE) \\S+ - .*");

  private static final HttpClient http = HttpClient.newHttpClient();
  private static ApplicationProcess application;
  private static int port;

  @BeforeAll
  static void startTheApplicationAndAwaitItsFirstSweep() throws Exception {
    Path jar = Path.of(System.getProperty("sample.jar"));
    assertTrue(Files.isRegularFile(jar), jar + " is built by the package phase");
    port = ApplicationProcess.freePort();
    ProcessBuilder command = new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-jar", jar.toString(),
            "-micronaut.server.port=" + port,
            "-sample.expired-tokens=" + EXPIRED,
            "-sample.live-tokens=" + LIVE);
    // A key as an environment variable: ten rows a batch, so the backlog goes in three.
    command.environment().put("RETENTION_DEFAULTS_BATCH_SIZE", "10");
    // A variable of another tool on the host that happens to share the prefix: a warning, never a failed start.
    command.environment().put(STRAY_VARIABLE, "30");
    application = ApplicationProcess.start(command, "the application", PATIENCE);

    application.awaitLine("Startup completed");
    application.awaitLine(PASS + ": deleted " + EXPIRED + " rows in 3 batches");
  }

  /**
   * SIGTERM, as a service manager stops it: Micronaut's shutdown hook closes the context, the runtime with it, which
   * says so in the application's own log format (logback's, as {@code logback.xml} writes it), and the JVM exits with
   * 128 + 15, having logged no error.
   */
  @AfterAll
  static void stopTheApplication() throws InterruptedException {
    if (application == null) {
      return;
    }
    assertTrue(application.terminate(PATIENCE), () -> "the sample did not stop within " + PATIENCE + application.log());
    assertEquals(143, application.process().exitValue(), application::log);
    assertFalse(application.printed(" ERROR "), application::log);
    assertTrue(application.output().stream().anyMatch(line -> LOGBACK_LINE.matcher(line).matches()
        && line.contains("RetentionRuntime - Retention stopped: ")), application::log);
  }

  @Test
  void theRuntimesLinesAreInTheApplicationsLogFormatNotJavaUtilLoggings() {
    String startLine = application.output().stream().filter(line -> line.contains("Retention started: "))
        .findFirst().orElseThrow(() -> new AssertionError("no start line" + application.log()));
    assertTrue(LOGBACK_LINE.matcher(startLine).matches(), () -> startLine + application.log());
    String sweep = application.output().stream().filter(line -> line.contains(PASS + ": deleted " + EXPIRED + " rows"))
        .findFirst().orElseThrow();
    assertTrue(LOGBACK_LINE.matcher(sweep).matches(), () -> sweep + application.log());
    // java.util.logging's SimpleFormatter writes a date line, then "INFO: " or "WARNING: " and the message.
    assertFalse(application.output().stream().anyMatch(line -> line.startsWith("INFO: ")
        || line.startsWith("WARNING: ")), application::log);
  }

  @Test
  void aStrayRetentionVariableInTheEnvironmentIsAWarningAndTheApplicationRuns() {
    assertTrue(application.output().stream().anyMatch(line -> line.contains("WARN")
        && line.contains("Environment variable " + STRAY_VARIABLE + " is ignored: it matches no Retention key")),
        application::log);
  }

  @Test
  void theExpiredTokensAreGoneAndTheLiveOnesKept() {
    assertEquals(String.valueOf(LIVE), jsonValue(get("/tokens", 200), "left"), application::log);
  }

  @Test
  void theHealthHasARetentionComponentThatIsUp() {
    String health = get("/health", 200);
    assertEquals("UP", jsonValue(health, "status"), health);
    String retention = health.substring(health.indexOf("\"retention\""));
    assertEquals("UP", jsonValue(retention, "status"), health);
    assertEquals("UP", jsonValue(retention, "state"), health);
    assertEquals("1", jsonValue(retention, "passes"), health);
    assertEquals("200", String.valueOf(status("/health/readiness")), "readiness");
  }

  @Test
  void theMetricsCountTheRowsDeleted() {
    String tag = URLEncoder.encode("pass:" + PASS, StandardCharsets.UTF_8);
    String deleted = get("/metrics/retention.rows.deleted?tag=" + tag, 200);
    assertEquals(String.valueOf((double) EXPIRED), jsonValue(deleted, "value"), deleted);
    String sweeps = get("/metrics/retention.sweeps?tag=" + tag + "&tag=outcome:success", 200);
    assertEquals("1.0", jsonValue(sweeps, "value"), sweeps);
  }

  private String get(String path, int expectedStatus) {
    HttpResponse<String> response = send(path);
    assertEquals(expectedStatus, response.statusCode(),
        () -> "GET " + path + ": " + response.body() + application.log());
    return response.body();
  }

  private int status(String path) {
    return send(path).statusCode();
  }

  private HttpResponse<String> send(String path) {
    try {
      return http.send(
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(PATIENCE).build(),
          HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException("GET " + path + application.log(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The first value of {@code "key": value} in a JSON text, without quotes. */
  private static String jsonValue(String json, String key) {
    Matcher matcher = Pattern.compile("\"" + Pattern.quote(key) + "\"\\s*:\\s*\"?([^\",}\\]]*)\"?").matcher(json);
    return matcher.find() ? matcher.group(1).trim() : null;
  }
}
