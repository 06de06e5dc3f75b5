package dev.retention.sample.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jayway.jsonpath.JsonPath;
import dev.retention.it.support.ApplicationProcess;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.health.RetentionView;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The packaged sample, started with {@code java -jar} as a user starts it, checked over HTTP the way a user or a
 * monitoring system reads it: the actuator's {@code retention}, {@code health} and {@code prometheus} endpoints, and the
 * sample's own {@code /tokens} and {@code /tokens/live} (the live tokens by the runtime's rule). It waits for the
 * application's own log lines, never for a fixed time.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SampleBootApplicationIT {

  private static final String PASS = ApiToken.class.getName();
  private static final int EXPIRED = 25;
  private static final int LIVE = 5;
  /**
   * The tokens' window as the command line lengthens it: an hour past their expiry (the shortest min-retention lets
   * through), which the seeded expired tokens, an hour past theirs at the first sweep, have reached.
   */
  private static final String WINDOW = "1h";
  // A deadline, not a pause: generous, since a loaded 2-core machine can take a minute to start a Boot application.
  private static final Duration PATIENCE = Duration.ofSeconds(180);

  private static final String STRAY_VARIABLE = "RETENTION_DAYS";

  private static final HttpClient http = HttpClient.newHttpClient();
  private static ApplicationProcess application;
  private static int port;
  private static Instant started;

  @BeforeAll
  static void startTheApplicationAndAwaitItsFirstSweep() throws Exception {
    Path jar = Path.of(System.getProperty("sample.jar"));
    assertTrue(Files.isRegularFile(jar), jar + " is built by the package phase");
    port = ApplicationProcess.freePort();
    started = Instant.now();
    ProcessBuilder command = new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-jar", jar.toString(),
            "--server.port=" + port,
            "--sample.expired-tokens=" + EXPIRED,
            "--sample.live-tokens=" + LIVE,
            // Tokens are kept an hour past their expiry, and no second sweep comes while the tests run: the tokens
            // a test issues stay stored, live or expired by that window.
            "--retention." + PASS + ".retention=" + WINDOW,
            "--retention.defaults.sweep-interval=1h");
    // A variable of another tool on the host that happens to share the prefix: a warning, never a failed start.
    command.environment().put(STRAY_VARIABLE, "30");
    application = ApplicationProcess.start(command, "the application", PATIENCE);

    application.awaitLine("Started SampleBootApplication");
    application.awaitLine(PASS + ": deleted " + EXPIRED + " rows");
  }

  @AfterAll
  static void stopTheApplication() throws InterruptedException {
    if (application != null) {
      application.terminate(Duration.ofSeconds(30));
      // SIGTERM: the runtime says it stopped, before Spring Boot takes down the logging bridge it logs through.
      application.awaitLine("Retention stopped: ");
    }
  }

  @Test
  void aStrayRetentionVariableInTheEnvironmentIsAWarningAndTheApplicationRuns() {
    assertTrue(application.output().stream().anyMatch(line -> line.contains("WARN")
        && line.contains("Environment variable " + STRAY_VARIABLE + " is ignored: it matches no Retention key")),
        application::log);
  }

  @Test
  void theExpiredTokensAreGoneThroughTheHookAndTheLiveOnesKept() {
    String tokens = get("/tokens", 200);
    assertEquals(LIVE, JsonPath.<Integer>read(tokens, "$.left"), application::log);
    assertEquals(EXPIRED, JsonPath.<Integer>read(tokens, "$.hooked"), "the hook bean saw every deleted token");
  }

  /**
   * Runs last: the tokens it issues stay stored (no sweep comes while the tests run), and {@code /tokens} counts them.
   */
  @Test
  @Order(Integer.MAX_VALUE)
  void theLiveTokensAreThoseTheRuntimesRuleKeepsWithTheWindowConfigurationSets() {
    post("/tokens?count=3&expiresInSeconds=-60"); // past their expiry, within the hour configuration adds
    post("/tokens?count=2&expiresInSeconds=-7200"); // expired by the window too, but not swept yet

    String live = get("/tokens/live", 200);
    assertEquals(LIVE + 3 + 2, JsonPath.<Integer>read(live, "$.stored"), live);
    assertEquals(LIVE + 3, JsonPath.<Integer>read(live, "$.live"),
        "a where expiresAt > now would say " + LIVE + ": the runtime keeps them an hour more; " + live);
    assertEquals(LIVE + 3, JsonPath.<Integer>read(live, "$.liveBySpecification"), live);
  }

  @Test
  void theRetentionEndpointShowsThePassAndItsLastSweep() {
    String all = get("/actuator/retention", 200);
    assertEquals(PASS, JsonPath.read(all, "$.passes['" + PASS + "'].entity"), application::log);
    assertEquals(EXPIRED, JsonPath.<Integer>read(all, "$.passes['" + PASS + "'].lastReport.deleted"));
    assertEquals("0", JsonPath.read(all, "$.passes['" + PASS + "'].settings.max-startup-stagger"));

    // A selector: it needs the starter compiled with -parameters.
    String one = get("/actuator/retention/" + PASS, 200);
    assertEquals(EXPIRED, JsonPath.<Integer>read(one, "$.lastReport.deleted"));
    assertEquals(0, JsonPath.<Integer>read(one, "$.consecutiveFailures"));
    get("/actuator/retention/com.example.NoSuchEntity", 404);
  }

  @Test
  void theRetentionEndpointShowsEveryOptionAndEveryFactOfTheReportOverHttp() {
    String one = get("/actuator/retention/" + PASS, 200);
    Map<String, Object> settings = JsonPath.read(one, "$.settings");
    for (RetentionOption option : RetentionOption.values()) {
      assertTrue(settings.containsKey(option.key()), () -> option.key() + " is missing from " + settings);
    }
    Map<String, Object> report = JsonPath.read(one, "$.lastReport");
    for (String fact : RetentionView.REPORT_FACTS) {
      assertTrue(report.containsKey(fact), () -> fact + " is missing from " + report);
    }
    assertEquals(false, report.get("skipped"));
    assertEquals("*", report.get("scope"));
    assertEquals("", report.get("failure"), "an absent value is written, as an empty string");
  }

  @Test
  void theHealthHasARetentionComponentThatIsUp() {
    String health = get("/actuator/health", 200);
    assertEquals("UP", JsonPath.read(health, "$.status"));
    assertEquals("UP", JsonPath.read(health, "$.components.retention.status"), health);
    assertEquals(3, JsonPath.<Integer>read(health, "$.components.retention.details.failuresThreshold"));
  }

  @Test
  void prometheusScrapesTheMetersOfThePass() {
    String scrape = get("/actuator/prometheus", 200);
    String tag = "pass=\"" + PASS + "\"";
    assertTrue(scrape.contains("retention_rows_deleted_total{" + tag + "} " + EXPIRED + ".0"), scrape);
    assertTrue(scrape.contains("retention_sweeps_seconds_count{outcome=\"success\"," + tag + "} "), scrape);
    assertTrue(scrape.contains("retention_batches_seconds_count{" + tag + "} 1"), scrape);
    assertTrue(scrape.contains("retention_work_remains{" + tag + "} 0.0"), scrape);
    assertTrue(scrape.contains("retention_expiry_lag_seconds{" + tag + "} 0.0"), scrape);
    assertTrue(scrape.contains("retention_consecutive_failures{" + tag + "} 0.0"), scrape);
    assertTrue(scrape.contains("retention_sweeps_seconds_count{outcome=\"failure\"," + tag + "} 0"),
        "every outcome is counted from zero: " + scrape);
    double lastSuccess = Double.parseDouble(sampleOf(scrape, "retention_last_success_timestamp_seconds{" + tag + "}"));
    assertTrue(lastSuccess > started.getEpochSecond() && lastSuccess <= Instant.now().toEpochMilli() / 1000.0,
        () -> "the first sweep's end, in seconds since the epoch: " + lastSuccess);
    assertTrue(scrape.contains("retention_pass_info{dry_run=\"false\",enabled=\"true\"," + tag
        + ",statement=\"before_delete_hook\",window=\"" + WINDOW + "\"} 1"), scrape);
    assertFalse(scrape.contains("retention_sweep_failures"), "failures are retention_sweeps{outcome=\"failure\"}");
  }

  /** The value of the one sample of {@code series} (its name and labels as scraped) in {@code scrape}. */
  private static String sampleOf(String scrape, String series) {
    return scrape.lines().filter(line -> line.startsWith(series + " ")).findFirst()
        .map(line -> line.substring(series.length() + 1).trim())
        .orElseThrow(() -> new AssertionError(series + " is not in " + scrape));
  }

  private String get(String path, int expectedStatus) {
    try {
      HttpResponse<String> response = http.send(
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(PATIENCE).build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(expectedStatus, response.statusCode(),
          () -> "GET " + path + ": " + response.body() + application.log());
      return response.body();
    } catch (IOException e) {
      throw new UncheckedIOException("GET " + path + application.log(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private void post(String path) {
    try {
      HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
          .POST(HttpRequest.BodyPublishers.noBody()).timeout(PATIENCE).build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(200, response.statusCode(), () -> "POST " + path + ": " + response.body() + application.log());
    } catch (IOException e) {
      throw new UncheckedIOException("POST " + path + application.log(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
