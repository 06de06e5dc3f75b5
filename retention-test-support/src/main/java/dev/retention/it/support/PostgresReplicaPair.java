package dev.retention.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A PostgreSQL primary and a streaming replica of it on loopback, each a cluster of its own in a temporary directory on
 * a free port, made with the Debian binaries (PostgreSQL 15): {@code initdb}, then {@code pg_basebackup -R} of the
 * primary. The shared server on 5432 is not used: it takes no replication connection ({@code pg_hba.conf} names none),
 * and its configuration is not ours to change. {@link #close()} stops both and deletes their files.
 *
 * <p>Run as root (as CI does), the clusters run as the {@code postgres} user, which PostgreSQL requires. Where the
 * binaries are missing the suite is skipped with a message, or fails under {@code -Dtest.servers=required}, as
 * {@link TestDatabase} does for an absent server.
 */
public final class PostgresReplicaPair implements AutoCloseable {

  /** Where Debian installs PostgreSQL 15's server binaries. */
  public static final Path BINARIES = Path.of("/usr/lib/postgresql/15/bin");

  private static final long COMMAND_TIMEOUT_SECONDS = 120;

  private final Path directory;
  private final int primaryPort;
  private final int replicaPort;
  private final boolean asPostgres;
  private final List<Path> started = new ArrayList<>();

  private PostgresReplicaPair(Path directory, int primaryPort, int replicaPort, boolean asPostgres) {
    this.directory = directory;
    this.primaryPort = primaryPort;
    this.replicaPort = replicaPort;
    this.asPostgres = asPostgres;
  }

  /**
   * A primary with a replica streaming from it, both started and caught up.
   *
   * @throws org.opentest4j.TestAbortedException where PostgreSQL's binaries are missing (an error under
   *     {@code -Dtest.servers=required})
   */
  public static PostgresReplicaPair start() {
    TestServers.skipUnlessWanted("postgresql");
    if (!Files.isExecutable(BINARIES.resolve("pg_ctl")) || !Files.isExecutable(BINARIES.resolve("pg_basebackup"))) {
      String reason = "PostgreSQL 15's server binaries are not in " + BINARIES;
      if (TestServers.required()) {
        throw new AssertionError(reason + "; the replica suites are required here (-Dtest.servers=required)");
      }
      System.out.println("[SKIPPED] PostgreSQL replica suite skipped: " + reason
          + ". Install postgresql-15, or run with -Dtest.servers=required to make this a failure");
      Assumptions.abort(reason);
    }
    boolean asPostgres = "root".equals(System.getProperty("user.name"));
    PostgresReplicaPair pair;
    try {
      Path directory = Files.createTempDirectory("retention-pg-replica-");
      pair = new PostgresReplicaPair(directory, freePort(), freePort(), asPostgres);
      pair.run("chown", "-R", "postgres:postgres", directory.toString());
    } catch (IOException e) {
      throw new UncheckedIOException("Could not make a directory for the PostgreSQL replica pair", e);
    }
    try {
      pair.startPrimary();
      pair.startReplica();
      return pair;
    } catch (RuntimeException | Error e) {
      pair.close();
      throw e;
    }
  }

  private void startPrimary() {
    Path data = directory.resolve("primary");
    postgres("initdb", "-D", data.toString(), "-U", "postgres", "--auth=trust", "--no-locale", "-E", "UTF8", "-N");
    appendAsPostgres(data.resolve("postgresql.conf"), String.join("\n",
        "port = " + primaryPort,
        "listen_addresses = '127.0.0.1'",
        "unix_socket_directories = '" + directory + "'",
        "wal_level = replica",
        "max_wal_senders = 4",
        "fsync = off",
        "full_page_writes = on",
        "shared_buffers = 32MB",
        ""));
    appendAsPostgres(data.resolve("pg_hba.conf"), "host replication all 127.0.0.1/32 trust\n");
    startCluster(data);
  }

  private void startReplica() {
    Path data = directory.resolve("replica");
    postgres("pg_basebackup", "-h", "127.0.0.1", "-p", String.valueOf(primaryPort), "-U", "postgres", "-D",
        data.toString(), "-R", "-X", "stream", "--checkpoint=fast");
    appendAsPostgres(data.resolve("postgresql.conf"), "port = " + replicaPort + "\nhot_standby = on\n");
    startCluster(data);
  }

  private void startCluster(Path data) {
    postgres("pg_ctl", "-D", data.toString(), "-l", directory.resolve(data.getFileName() + ".log").toString(), "-w",
        "-t", "60", "start");
    started.add(data);
  }

  /** A JDBC URL of database {@code name} on the primary. */
  public String primaryUrl(String name) {
    return "jdbc:postgresql://127.0.0.1:" + primaryPort + "/" + name + "?connectTimeout=5";
  }

  /** A JDBC URL of database {@code name} on the replica, which is read-only. */
  public String replicaUrl(String name) {
    return "jdbc:postgresql://127.0.0.1:" + replicaPort + "/" + name + "?connectTimeout=5";
  }

  /** The user both clusters trust. */
  public String user() {
    return "postgres";
  }

  /** Runs {@code sql} on database {@code name} of the primary. */
  public void onPrimary(String name, String sql) throws SQLException {
    execute(primaryUrl(name), sql);
  }

  /** Stops the replica's replay of the WAL it receives: it falls behind as the primary writes. */
  public void pauseReplay() throws SQLException {
    execute(replicaUrl("postgres"), "select pg_wal_replay_pause()");
  }

  /** Lets the replica replay again: it catches up. */
  public void resumeReplay() throws SQLException {
    execute(replicaUrl("postgres"), "select pg_wal_replay_resume()");
  }

  private static void execute(String url, String sql) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url, "postgres", "");
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  /** Stops both clusters at once and deletes their files. */
  @Override
  public void close() {
    for (int index = started.size() - 1; index >= 0; index--) {
      try {
        postgres("pg_ctl", "-D", started.get(index).toString(), "-m", "immediate", "-w", "stop");
      } catch (RuntimeException e) {
        System.err.println("Could not stop the cluster in " + started.get(index) + ": " + e.getMessage());
      }
    }
    started.clear();
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Could not delete " + directory, e);
    }
  }

  private void postgres(String binary, String... arguments) {
    List<String> command = new ArrayList<>();
    if (asPostgres) {
      command.addAll(List.of("runuser", "-u", "postgres", "--"));
    }
    command.add(BINARIES.resolve(binary).toString());
    command.addAll(List.of(arguments));
    run(command.toArray(String[]::new));
  }

  private void appendAsPostgres(Path file, String text) {
    try {
      Files.writeString(file, text, java.nio.file.StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not write " + file, e);
    }
  }

  private void run(String... command) {
    if (!asPostgres && command[0].equals("chown")) {
      return; // the files are ours already
    }
    try {
      Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true)
          .redirectOutput(directory.resolve("commands.log").toFile()).start();
      if (!process.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException(String.join(" ", command) + " did not end in " + COMMAND_TIMEOUT_SECONDS
            + " s");
      }
      if (process.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", command) + " exited with " + process.exitValue() + ": "
            + Files.readString(directory.resolve("commands.log")));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Could not run " + String.join(" ", command), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted running " + String.join(" ", command), e);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  @Override
  public String toString() {
    return "PostgreSQL primary on " + primaryPort + ", replica on " + replicaPort;
  }
}
