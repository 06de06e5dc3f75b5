package dev.retention.it.support;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * An application a test starts as a process, as a user starts it (a packaged sample, a server): its output read on a
 * thread of its own and kept for a failure's message, and its lines waited for within a deadline, never for a fixed
 * time.
 */
public final class ApplicationProcess {

  private static final String END = "\u0000end of output";

  private final String name;
  private final Process process;
  private final Duration patience;
  private final List<String> output = new CopyOnWriteArrayList<>();
  private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

  private ApplicationProcess(String name, Process process, Duration patience) {
    this.name = name;
    this.process = process;
    this.patience = patience;
  }

  /**
   * Starts {@code command}, its error stream merged into its output.
   *
   * @param name what the failures call it: "the application", "the server"
   * @param patience how long each wait for a line may take
   */
  public static ApplicationProcess start(ProcessBuilder command, String name, Duration patience) throws IOException {
    ApplicationProcess application = new ApplicationProcess(name, command.redirectErrorStream(true).start(), patience);
    Thread reader = new Thread(application::readOutput, name + " output");
    reader.setDaemon(true);
    reader.start();
    return application;
  }

  public Process process() {
    return process;
  }

  /** Every line it printed so far. */
  public List<String> output() {
    return output;
  }

  /** Whether a line it printed so far contains {@code text}. */
  public boolean printed(String text) {
    return output.stream().anyMatch(line -> line.contains(text));
  }

  /** Its output so far, for a failure's message. */
  public String log() {
    return "\n--- " + name + "'s output ---\n" + String.join("\n", output);
  }

  /** Waits for the next line that contains {@code text}, skipping the others. */
  public void awaitLine(String text) throws InterruptedException {
    nextLine(text);
  }

  /** The next line that contains {@code text}, skipping the others, within the patience. */
  public String nextLine(String text) throws InterruptedException {
    return nextLine("\"" + text + "\"", System.nanoTime() + patience.toNanos(), line -> line.contains(text));
  }

  /** Waits until each of {@code texts} has been in a line, in any order, within one deadline. */
  public void awaitLines(String... texts) throws InterruptedException {
    long deadline = System.nanoTime() + patience.toNanos();
    List<String> missing = new ArrayList<>(List.of(texts));
    while (!missing.isEmpty()) {
      String line = nextLine("each of " + missing, deadline,
          candidate -> missing.stream().anyMatch(candidate::contains));
      missing.removeIf(line::contains);
    }
  }

  private String nextLine(String wanted, long deadline, Predicate<String> matches) throws InterruptedException {
    while (true) {
      String line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      if (line == null || line.equals(END)) {
        throw new AssertionError(Character.toUpperCase(name.charAt(0)) + name.substring(1) + " did not print "
            + wanted + " " + (line == null ? "within " + patience : "before it ended") + ":\n"
            + String.join("\n", output));
      }
      if (matches.test(line)) {
        return line;
      }
    }
  }

  /**
   * Sends SIGTERM through the process handle ({@code Process.destroy()} would close the output streams before the
   * shutdown's lines) and waits for the end, forcibly after {@code grace}.
   *
   * @return whether it ended within {@code grace}
   */
  public boolean terminate(Duration grace) throws InterruptedException {
    process.toHandle().destroy();
    if (process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
      return true;
    }
    process.destroyForcibly();
    return false;
  }

  private void readOutput() {
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

  /** A port no one listens on now, for the process to listen on. */
  public static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
