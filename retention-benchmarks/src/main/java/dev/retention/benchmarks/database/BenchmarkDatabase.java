package dev.retention.benchmarks.database;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * A database of its own for one benchmark run: an H2 file database in a temporary directory, or a database created on
 * the local PostgreSQL or MariaDB server. {@link #close()} drops it; for H2 it deletes the files too, because deletes
 * never shrink an H2 file and a run leaves hundreds of megabytes behind.
 */
public final class BenchmarkDatabase implements AutoCloseable {

  private final DatabaseKind kind;
  private final String name;
  private final String url;
  private final Path h2Directory;

  private BenchmarkDatabase(DatabaseKind kind, String name, String url, Path h2Directory) {
    this.kind = kind;
    this.name = name;
    this.url = url;
    this.h2Directory = h2Directory;
  }

  /**
   * Creates a fresh, empty database of {@code kind}.
   *
   * @param h2CacheKilobytes H2's page cache, which lives in this JVM's heap; 0 keeps H2's default
   */
  public static BenchmarkDatabase create(DatabaseKind kind, int h2CacheKilobytes) throws DatabaseUnavailableException {
    String name = "retention_bench_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
    if (kind == DatabaseKind.H2) {
      return createH2(name, h2CacheKilobytes);
    }
    try (Connection admin = DriverManager.getConnection(kind.adminUrl(), kind.user(), "");
        Statement statement = admin.createStatement()) {
      statement.execute("create database " + name);
    } catch (SQLException e) {
      throw new DatabaseUnavailableException(kind, kind.adminUrl(), e);
    }
    return new BenchmarkDatabase(kind, name, kind.databaseUrl(name), null);
  }

  private static BenchmarkDatabase createH2(String name, int cacheKilobytes) {
    try {
      Path directory = Files.createTempDirectory("retention-bench-h2-");
      String url = "jdbc:h2:file:" + directory.resolve(name).toAbsolutePath() + ";DB_CLOSE_DELAY=-1"
          + (cacheKilobytes > 0 ? ";CACHE_SIZE=" + cacheKilobytes : "");
      return new BenchmarkDatabase(DatabaseKind.H2, name, url, directory);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not create a temporary directory for the H2 database", e);
    }
  }

  public DatabaseKind kind() {
    return kind;
  }

  public String url() {
    return url;
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

  /** Drops the database (H2: shuts it down and deletes its files). */
  @Override
  public void close() throws SQLException, IOException {
    if (kind == DatabaseKind.H2) {
      try (Connection connection = connect(); Statement statement = connection.createStatement()) {
        statement.execute("shutdown");
      }
      deleteRecursively(h2Directory);
      return;
    }
    try (Connection admin = DriverManager.getConnection(kind.adminUrl(), kind.user(), "");
        Statement statement = admin.createStatement()) {
      statement.execute(kind == DatabaseKind.POSTGRESQL
          ? "drop database if exists " + name + " with (force)"
          : "drop database if exists " + name);
    }
  }

  private static void deleteRecursively(Path directory) throws IOException {
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  @Override
  public String toString() {
    return kind.label() + " database " + name;
  }
}
