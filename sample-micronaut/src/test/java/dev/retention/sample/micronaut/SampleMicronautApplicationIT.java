package dev.retention.sample.micronaut;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
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

  private static final List<String> output = new CopyOnWriteArrayList<>();
  private static final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
  private static final HttpClient http = HttpClient.newHttpClient();
  private static Process process;
  private static int port;

  @BeforeAll
  static void startTheApplicationAndAwaitItsFirstSweep() throws Exception {
    Path jar = Path.of(System.getProperty("sample.jar"));
    assertTrue(Files.isRegularFile(jar), jar + " is built by the package phase");
    port = freePort();
    ProcessBuilder command = new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-jar", jar.toString(),
            "-micronaut.server.port=" + port,
            "-sample.expired-tokens=" + EXPIRED,
            "-sample.live-tokens=" + LIVE)
        .redirectErrorStream(true);
    // A key as an environment variable: ten rows a batch, so the backlog goes in three.
    command.environment().put("RETENTION_DEFAULTS_BATCH_SIZE", "10");
    // A variable of another tool on the host that happens to share the prefix: a warning, never a failed start.
    command.environment().put(STRAY_VARIABLE, "30");
    process = command.start();
    Thread reader = new Thread(SampleMicronautApplicationIT::readOutput, "sample output");
    reader.setDaemon(true);
    reader.start();

    awaitLine("Startup completed");
    awaitLine(PASS + ": deleted " + EXPIRED + " rows in 3 batches");
  }

  /**
   * SIGTERM, as a service manager stops it: Micronaut's shutdown hook closes the context, the runtime with it, and the
   * JVM exits with 128 + 15, having logged no error.
   */
  @AfterAll
  static void stopTheApplication() throws InterruptedException {
    if (process == null) {
      return;
    }
    process.destroy();
    if (!process.waitFor(PATIENCE.toSeconds(), TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("the sample did not stop within " + PATIENCE + ":\n" + String.join("\n", output));
    }
    assertEquals(143, process.exitValue(), () -> String.join("\n", output));
    assertFalse(output.stream().anyMatch(line -> line.contains(" ERROR ")), () -> String.join("\n", output));
  }

  @Test
  void aStrayRetentionVariableInTheEnvironmentIsAWarningAndTheApplicationRuns() {
    assertTrue(output.stream().anyMatch(line -> line.contains("WARN")
        && line.contains("Environment variable " + STRAY_VARIABLE + " is ignored: it matches no Retention key")),
        this::log);
  }

  @Test
  void theExpiredTokensAreGoneAndTheLiveOnesKept() {
    assertEquals(String.valueOf(LIVE), jsonValue(get("/tokens", 200), "left"), this::log);
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
    assertEquals(expectedStatus, response.statusCode(), () -> "GET " + path + ": " + response.body() + log());
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
      throw new UncheckedIOException("GET " + path + log(), e);
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

  private String log() {
    return "\n--- the application's output ---\n" + String.join("\n", output);
  }

  private static void awaitLine(String text) throws InterruptedException {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (true) {
      String line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      if (line == null || line.equals(END)) {
        throw new AssertionError("The application did not print \"" + text + "\" "
            + (line == null ? "within " + PATIENCE : "before it ended") + ":\n" + String.join("\n", output));
      }
      if (line.contains(text)) {
        return;
      }
    }
  }

  private static final String END = "\u0000end of output";

  private static void readOutput() {
    try (BufferedReader reader = new BufferedReader(
        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        output.add(line);
        lines.add(line);
      }
    } catch (IOException e) {
      output.add("(reading the output failed: " + e + ")");
    } finally {
      lines.add(END);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
