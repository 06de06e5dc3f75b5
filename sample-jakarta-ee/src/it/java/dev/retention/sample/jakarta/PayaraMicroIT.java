package dev.retention.sample.jakarta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.support.ApplicationProcess;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The packaged WAR on a real Jakarta EE 10 server, Payara Micro 6 (EclipseLink, its own JTA, its default H2 data
 * source), started as a process and checked over HTTP: the background sweep deletes the expired rows, a sweep inside a
 * transaction the caller rolls back deletes its rows for good, and undeploying the application stops the sweeper
 * threads. It waits for the server's own log lines, never for a fixed time; the server's output is shown only when a
 * test fails. The last test undeploys the application, so the order is fixed.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PayaraMicroIT {

  private static final String APP = "retention-sample-jakarta-ee";
  private static final String PASS = Token.class.getName();
  // A deadline, not a pause: Payara Micro takes 40 s to deploy on a quiet 2-core machine, more on a loaded one.
  private static final Duration PATIENCE = Duration.ofSeconds(240);

  private static final HttpClient http = HttpClient.newHttpClient();
  private static ApplicationProcess server;
  private static int port;

  @BeforeAll
  static void deployTheWarAndAwaitTheFirstSweep() throws Exception {
    Path war = Path.of(System.getProperty("sample.war"));
    Path payara = Path.of(System.getProperty("payara.jar"));
    assertTrue(Files.isRegularFile(war), war + " is built by the package phase");
    assertTrue(Files.isRegularFile(payara), payara + " is copied by the package phase");
    port = ApplicationProcess.freePort();
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(modulesOpenedBy(payara));
    command.addAll(List.of(
        "-cp", payara + java.io.File.pathSeparator + Path.of(System.getProperty("test.classes")),
        UndeployingPayaraMicro.class.getName(),
        "--deploy", war.toString(),
        "--contextroot", "app",
        "--port", String.valueOf(port),
        "--rootdir", Path.of(System.getProperty("payara.root")).toString(),
        "--nocluster", "--nohazelcast", "--disablephonehome"));
    server = ApplicationProcess.start(new ProcessBuilder(command), "the server", PATIENCE);

    // In any order: the first sweep may end before or after the server says it is ready.
    server.awaitLines(
        "Retention started: 1 pass enabled of 1, batches in the application's TransactionRunner",
        PASS + ": deleted " + RetentionLifecycle.EXPIRED_AT_START + " rows in 3 batches",
        "Payara Micro " + System.getProperty("payara.version") + " (build");
  }

  @AfterAll
  static void stopTheServer() throws InterruptedException {
    if (server != null) {
      server.terminate(Duration.ofSeconds(30));
    }
  }

  @Test
  @Order(1)
  void theBackgroundSweepDeletedTheExpiredRowsAndKeptTheLiveOnes() {
    assertEquals("live=" + RetentionLifecycle.LIVE_AT_START + "\n", get("/app/api/tokens"), server::log);
  }

  @Test
  @Order(2)
  void aSweepInsideATransactionTheCallerRollsBackDeletesForGood() {
    assertEquals("expired=33\nlive=" + (RetentionLifecycle.LIVE_AT_START + 2) + "\n",
        post("/app/api/tokens?expired=33&live=2"), server::log);

    String sweep = post("/app/api/sweep-rolled-back");

    // Three batches of 15: each committed in its REQUIRES_NEW transaction, the caller's suspended meanwhile.
    assertEquals("deleted=33\nbatches=3\nfailure=none\nafter=no transaction\n", sweep, server::log);
    // The token added in the caller's transaction went with its rollback; the swept rows stayed deleted.
    assertEquals("live=" + (RetentionLifecycle.LIVE_AT_START + 2) + "\n", get("/app/api/tokens"), server::log);
  }

  @Test
  @Order(3)
  void undeployingTheApplicationStopsTheSweeperThreads() throws InterruptedException {
    List<String> sweepers = get("/app/api/sweeper-threads").lines().toList();
    assertFalse(sweepers.isEmpty(), "the first sweep ran on a thread of the container's ManagedThreadFactory");
    assertTrue(threads().containsAll(sweepers), () -> sweepers + " are in the server's thread dump" + server.log());

    command("undeploy " + APP);
    server.awaitLine("launcher: undeployed " + APP + "; deployed now: []");

    assertTrue(server.printed("Retention stopped: no sweep was in flight"), server::log);
    assertTrue(server.printed("0 sweeper threads alive after close() []"), server::log);
    List<String> after = threads();
    assertTrue(sweepers.stream().noneMatch(after::contains), () -> sweepers + " ended, yet: " + after + server.log());
    assertEquals(404, send(HttpRequest.newBuilder(uri("/app/api/tokens")).build()).statusCode(), server::log);
  }

  /** The names of the server's live threads, from its own JVM. */
  private static List<String> threads() throws InterruptedException {
    command("threads");
    List<String> names = new ArrayList<>();
    for (String line = server.nextLine("launcher: "); !line.equals("launcher: end of threads");
        line = server.nextLine("launcher: ")) {
      names.add(line.substring("launcher: thread ".length()));
    }
    return names;
  }

  private static void command(String command) {
    try {
      OutputStream in = server.process().getOutputStream();
      in.write((command + "\n").getBytes(StandardCharsets.UTF_8));
      in.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("Writing \"" + command + "\" to the server", e);
    }
  }

  /**
   * What {@code java -jar} would open from the jar's manifest ({@code Add-Opens}, {@code Add-Exports}): the launcher
   * runs from the class path, where the JVM reads no manifest.
   */
  private static List<String> modulesOpenedBy(Path jar) throws IOException {
    try (JarFile file = new JarFile(jar.toFile())) {
      Attributes manifest = file.getManifest().getMainAttributes();
      List<String> options = new ArrayList<>();
      for (String[] attribute : new String[][] {{"Add-Opens", "--add-opens="}, {"Add-Exports", "--add-exports="}}) {
        String packages = manifest.getValue(attribute[0]);
        if (packages != null) {
          Arrays.stream(packages.trim().split("\\s+"))
              .forEach(modulePackage -> options.add(attribute[1] + modulePackage + "=ALL-UNNAMED"));
        }
      }
      return options;
    }
  }

  private String get(String path) {
    return body(HttpRequest.newBuilder(uri(path)).build());
  }

  private String post(String path) {
    return body(HttpRequest.newBuilder(uri(path)).POST(HttpRequest.BodyPublishers.noBody()).build());
  }

  private String body(HttpRequest request) {
    HttpResponse<String> response = send(request);
    assertEquals(200, response.statusCode(), () -> request + ": " + response.body() + server.log());
    return response.body();
  }

  private HttpResponse<String> send(HttpRequest request) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(request + server.log(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static URI uri(String path) {
    return URI.create("http://127.0.0.1:" + port + path);
  }
}
