package dev.retention.quarkus.sample;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

/**
 * The packaged sample ({@code target/quarkus-app/quarkus-run.jar}) running as a process of its own, as {@code java
 * -jar} starts it. Its output is kept, so a test can wait for a line and show everything when it fails.
 */
final class SampleProcess implements AutoCloseable {

  private final Process process;
  private final List<String> lines = new CopyOnWriteArrayList<>();
  private final List<Waiter> waiters = new CopyOnWriteArrayList<>();
  private final Thread reader;

  private record Waiter(Predicate<String> condition, CompletableFuture<String> line) {}

  private SampleProcess(Process process) {
    this.process = process;
    this.reader = new Thread(this::readOutput, "sample-output");
    reader.setDaemon(true);
    reader.start();
  }

  /** Starts the packaged sample with {@code systemProperties} ({@code -Dkey=value} arguments). */
  static SampleProcess start(List<String> systemProperties) throws IOException {
    return start(systemProperties, Map.of());
  }

  /**
   * Starts the packaged sample with {@code systemProperties} ({@code -Dkey=value} arguments) and {@code environment}
   * added to this process's environment variables.
   */
  static SampleProcess start(List<String> systemProperties, Map<String, String> environment) throws IOException {
    Path jar = Path.of(System.getProperty("sample.jar", "target/quarkus-app/quarkus-run.jar"));
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(jar + " is missing: the sample is packaged by 'mvn package' before this test");
    }
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(systemProperties);
    command.add("-jar");
    command.add(jar.toString());
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().putAll(environment);
    return new SampleProcess(builder.start());
  }

  /** The first output line that matches {@code condition}, waiting for it at most {@code timeout}. */
  String awaitLine(Predicate<String> condition, Duration timeout) throws InterruptedException {
    CompletableFuture<String> line = new CompletableFuture<>();
    waiters.add(new Waiter(condition, line));
    lines.stream().filter(condition).findFirst().ifPresent(line::complete);
    try {
      return line.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw new AssertionError("no such line within " + timeout + "; the sample printed:\n" + output(), e);
    } catch (ExecutionException e) {
      throw new AssertionError("the sample's output ended first; it printed:\n" + output(), e.getCause());
    }
  }

  String output() {
    return String.join("\n", lines);
  }

  /** Stops the sample as a service manager would (SIGTERM) and returns its exit code. */
  int stop(Duration timeout) throws InterruptedException {
    process.destroy();
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("the sample did not stop within " + timeout + "; it printed:\n" + output());
    }
    reader.join(timeout.toMillis());
    return process.exitValue();
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      process.destroyForcibly();
      process.waitFor(30, TimeUnit.SECONDS);
    }
  }

  private void readOutput() {
    try (BufferedReader in = new BufferedReader(
        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        lines.add(line);
        for (Waiter waiter : waiters) {
          if (waiter.condition().test(line)) {
            waiter.line().complete(line);
          }
        }
      }
    } catch (IOException e) {
      waiters.forEach(waiter -> waiter.line().completeExceptionally(new UncheckedIOException(e)));
      return;
    }
    waiters.forEach(waiter -> waiter.line().completeExceptionally(
        new IllegalStateException("the sample's output ended")));
  }
}
