package dev.retention.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * A database of its own, randomly named, dropped by {@link #close()}: on H2 in memory or in files of a temporary
 * directory, or created on the local PostgreSQL or MariaDB server. The one place the suites and the benchmarks set up
 * a database.
 */
public final class ScratchDatabase implements AutoCloseable {

  private final TestDatabase.Kind kind;
  private final String name;
  private final String url;
  /** The H2 files' directory, deleted on close; null in memory and on servers. */
  private final Path h2Directory;

  private ScratchDatabase(TestDatabase.Kind kind, String name, String url, Path h2Directory) {
    this.kind = kind;
    this.name = name;
    this.url = url;
    this.h2Directory = h2Directory;
  }

  /** A fresh, empty database of {@code kind}, named {@code prefix} and a random suffix; H2 in memory. */
  public static ScratchDatabase create(TestDatabase.Kind kind, String prefix) throws DatabaseUnavailableException {
    String name = randomName(prefix);
    if (kind == TestDatabase.Kind.H2) {
      // H2 takes no lock timeout per statement, where the runtime asks for one: a wait of ten seconds, not H2's
      // default of one, lets several instances that lock the same rows queue on a loaded machine.
      return new ScratchDatabase(kind, name, "jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=10000", null);
    }
    return onServer(kind, name);
  }

  /**
   * A fresh, empty database of {@code kind}; H2 in files of a temporary directory, which {@link #close()} deletes,
   * because deletes never shrink an H2 file and a long run leaves hundreds of megabytes behind.
   *
   * @param h2CacheKilobytes H2's page cache, which lives in this JVM's heap; 0 keeps H2's default
   */
  public static ScratchDatabase createOnDisk(TestDatabase.Kind kind, String prefix, int h2CacheKilobytes)
      throws DatabaseUnavailableException {
    String name = randomName(prefix);
    if (kind != TestDatabase.Kind.H2) {
      return onServer(kind, name);
    }
    try {
      Path directory = Files.createTempDirectory(prefix.replace('_', '-') + "h2-");
      String url = "jdbc:h2:file:" + directory.resolve(name).toAbsolutePath() + ";DB_CLOSE_DELAY=-1"
          + (h2CacheKilobytes > 0 ? ";CACHE_SIZE=" + h2CacheKilobytes : "");
      return new ScratchDatabase(kind, name, url, directory);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not create a temporary directory for the H2 database", e);
    }
  }

  private static String randomName(String prefix) {
    return prefix + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
  }

  private static ScratchDatabase onServer(TestDatabase.Kind kind, String name) throws DatabaseUnavailableException {
    try (Connection admin = DriverManager.getConnection(kind.adminUrl(), kind.user(), "");
        Statement statement = admin.createStatement()) {
      statement.execute("create database " + name);
    } catch (SQLException e) {
      throw new DatabaseUnavailableException(kind, kind.adminUrl(), e);
    }
    return new ScratchDatabase(kind, name, kind.databaseUrl(name), null);
  }

  public TestDatabase.Kind kind() {
    return kind;
  }

  public String url() {
    return url;
  }

  /** The database's name, as it was created: a prefix for the names of what a suite creates beside it. */
  public String name() {
    return name;
  }

  public String user() {
    return kind.user();
  }

  public String password() {
    return "";
  }

  public Connection connect() throws SQLException {
    return DriverManager.getConnection(url, user(), password());
  }

  /** Drops the database; for H2, shuts it down and deletes its files. */
  @Override
  public void close() throws SQLException {
    if (kind == TestDatabase.Kind.H2) {
      try (Connection connection = connect(); Statement statement = connection.createStatement()) {
        statement.execute("shutdown");
      }
      deleteFiles();
      return;
    }
    try (Connection admin = DriverManager.getConnection(kind.adminUrl(), kind.user(), "");
        Statement statement = admin.createStatement()) {
      statement.execute(kind == TestDatabase.Kind.POSTGRESQL
          ? "drop database if exists " + name + " with (force)"
          : "drop database if exists " + name);
    }
  }

  private void deleteFiles() {
    if (h2Directory == null) {
      return;
    }
    try (Stream<Path> paths = Files.walk(h2Directory)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Could not delete the H2 files in " + h2Directory, e);
    }
  }

  @Override
  public String toString() {
    return kind.label() + " " + name.toLowerCase(Locale.ROOT);
  }
}
