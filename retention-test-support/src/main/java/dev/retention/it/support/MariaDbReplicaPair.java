package dev.retention.it.support;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A MariaDB primary (binary log on) and a replica of it on loopback, each a {@code mariadbd} of its own with a data
 * directory in a temporary directory and a free port. The shared server on 3306 is not used: its binary log is off, and
 * its configuration is not ours to change. {@link #close()} stops both and deletes their files.
 *
 * <p>Run as root (as CI does), the servers run as the {@code mysql} user. Where the binaries are missing the suite is
 * skipped with a message, or fails under {@code -Dtest.servers=required}, as {@link TestDatabase} does.
 */
public final class MariaDbReplicaPair implements AutoCloseable {

  private static final Path SERVER = Path.of("/usr/sbin/mariadbd");
  private static final Path INSTALL = Path.of("/usr/bin/mariadb-install-db");
  private static final Path ADMIN = Path.of("/usr/bin/mariadb-admin");
  private static final long COMMAND_TIMEOUT_SECONDS = 120;

  private final Path directory;
  private final int primaryPort;
  private final int replicaPort;
  private final boolean asMysql;
  private final List<Process> servers = new ArrayList<>();

  private MariaDbReplicaPair(Path directory, int primaryPort, int replicaPort, boolean asMysql) {
    this.directory = directory;
    this.primaryPort = primaryPort;
    this.replicaPort = replicaPort;
    this.asMysql = asMysql;
  }

  /** A primary with a replica replicating from it, both started. */
  public static MariaDbReplicaPair start() {
    TestServers.skipUnlessWanted("mariadb");
    if (!Files.isExecutable(SERVER) || !Files.isExecutable(INSTALL) || !Files.isExecutable(ADMIN)) {
      String reason = "MariaDB's server binaries (" + SERVER + ", " + INSTALL + ", " + ADMIN + ") are missing";
      if (TestServers.required()) {
        throw new AssertionError(reason + "; the replica suites are required here (-Dtest.servers=required)");
      }
      System.out.println("[SKIPPED] MariaDB replica suite skipped: " + reason
          + ". Install mariadb-server, or run with -Dtest.servers=required to make this a failure");
      Assumptions.abort(reason);
    }
    boolean asMysql = "root".equals(System.getProperty("user.name"));
    MariaDbReplicaPair pair;
    try {
      Path directory = Files.createTempDirectory("retention-mariadb-replica-");
      pair = new MariaDbReplicaPair(directory, freePort(), freePort(), asMysql);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not make a directory for the MariaDB replica pair", e);
    }
    try {
      pair.install("primary");
      pair.install("replica");
      pair.startServer("primary", pair.primaryPort, "--server-id=1", "--log-bin=" + pair.directory.resolve("bin"));
      pair.startServer("replica", pair.replicaPort, "--server-id=2", "--relay-log=" + pair.directory.resolve("relay"),
          "--read-only");
      pair.replicate();
      return pair;
    } catch (RuntimeException | Error e) {
      pair.close();
      throw e;
    }
  }

  private void install(String name) {
    List<String> command = new ArrayList<>(List.of(INSTALL.toString(), "--no-defaults",
        "--datadir=" + directory.resolve(name), "--auth-root-authentication-method=normal", "--skip-test-db"));
    if (asMysql) {
      run("chown", "mysql:mysql", directory.toString());
      command.add("--user=mysql");
    }
    run(command.toArray(String[]::new));
  }

  private void startServer(String name, int port, String... extra) {
    List<String> command = new ArrayList<>(List.of(SERVER.toString(), "--no-defaults",
        "--datadir=" + directory.resolve(name), "--port=" + port, "--bind-address=127.0.0.1",
        "--socket=" + directory.resolve(name + ".sock"), "--pid-file=" + directory.resolve(name + ".pid"),
        "--innodb-buffer-pool-size=64M", "--skip-name-resolve", "--log-error=" + directory.resolve(name + ".err")));
    command.addAll(List.of(extra));
    if (asMysql) {
      command.add("--user=mysql");
    }
    try {
      servers.add(new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.to(new File(directory.resolve(name + ".out").toString()))).start());
    } catch (IOException e) {
      throw new UncheckedIOException("Could not start " + String.join(" ", command), e);
    }
    // mariadb-admin's --wait retries the connection until the server answers.
    run(ADMIN.toString(), "--host=127.0.0.1", "--port=" + port, "--user=root", "--wait=60", "--connect-timeout=2",
        "ping");
  }

  /** Points the replica at the primary's binary log from its start, and starts replicating. */
  private void replicate() {
    try {
      String file;
      long position;
      try (Connection primary = connect(primaryUrl("")); Statement statement = primary.createStatement();
          ResultSet status = statement.executeQuery("SHOW MASTER STATUS")) {
        status.next();
        file = status.getString("File");
        position = status.getLong("Position");
      }
      onReplica("CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=" + primaryPort + ", MASTER_USER='root',"
          + " MASTER_PASSWORD='', MASTER_LOG_FILE='" + file + "', MASTER_LOG_POS=" + position);
      onReplica("START REPLICA");
    } catch (SQLException e) {
      throw new IllegalStateException("Could not start the replica of " + this, e);
    }
  }

  /** A JDBC URL of database {@code name} on the primary (empty: none). */
  public String primaryUrl(String name) {
    return "jdbc:mariadb://127.0.0.1:" + primaryPort + "/" + name + "?sslMode=disable&connectTimeout=5000";
  }

  /** A JDBC URL of the replica. */
  public String replicaUrl() {
    return "jdbc:mariadb://127.0.0.1:" + replicaPort + "/?sslMode=disable&connectTimeout=5000";
  }

  public String user() {
    return "root";
  }

  /** Runs {@code sql} on the primary. */
  public void onPrimary(String sql) throws SQLException {
    try (Connection connection = connect(primaryUrl("")); Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  /** Runs {@code sql} on the replica. */
  public void onReplica(String sql) throws SQLException {
    try (Connection connection = connect(replicaUrl()); Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  /** Stops the replica's SQL thread: it applies nothing more, and reports no delay. */
  public void stopApplying() throws SQLException {
    onReplica("STOP REPLICA SQL_THREAD");
  }

  /** Starts the replica's SQL thread again: it catches up. */
  public void applyAgain() throws SQLException {
    onReplica("START REPLICA SQL_THREAD");
  }

  private static Connection connect(String url) throws SQLException {
    return DriverManager.getConnection(url, "root", "");
  }

  /** Stops both servers (a clean shutdown, then a kill if it does not come) and deletes their files. */
  @Override
  public void close() {
    for (int index = servers.size() - 1; index >= 0; index--) {
      Process server = servers.get(index);
      server.destroy();
      try {
        if (!server.waitFor(60, TimeUnit.SECONDS)) {
          server.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        server.destroyForcibly();
      }
    }
    servers.clear();
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Could not delete " + directory, e);
    }
  }

  private void run(String... command) {
    try {
      Path log = directory.resolve("commands.log");
      Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
      if (!process.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException(String.join(" ", command) + " did not end in " + COMMAND_TIMEOUT_SECONDS
            + " s");
      }
      if (process.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", command) + " exited with " + process.exitValue() + ": "
            + Files.readString(log));
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
    return "MariaDB primary on " + primaryPort + ", replica on " + replicaPort;
  }
}
