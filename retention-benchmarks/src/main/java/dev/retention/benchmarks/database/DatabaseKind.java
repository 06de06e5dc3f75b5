package dev.retention.benchmarks.database;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The databases the benchmark runs on, with how to reach their servers (the same as the behaviour suites). */
public enum DatabaseKind {
  H2("H2", null, null, "sa"),
  POSTGRESQL("PostgreSQL", "jdbc:postgresql://127.0.0.1:5432/", "postgres", "postgres"),
  MARIADB("MariaDB", "jdbc:mariadb://127.0.0.1:3306/", "", "root");

  private final String label;
  private final String serverUrl;
  private final String adminDatabase;
  private final String user;

  DatabaseKind(String label, String serverUrl, String adminDatabase, String user) {
    this.label = label;
    this.serverUrl = serverUrl;
    this.adminDatabase = adminDatabase;
    this.user = user;
  }

  public String label() {
    return label;
  }

  /** The name used on the command line and in the CSV files. */
  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  String user() {
    return user;
  }

  /** The JDBC URL of database {@code name} on this kind's server. */
  String databaseUrl(String name) {
    return serverUrl + name + urlOptions();
  }

  /** The JDBC URL of the server's administrative database, where databases are created and dropped. */
  String adminUrl() {
    return serverUrl + adminDatabase + urlOptions();
  }

  private String urlOptions() {
    // The MariaDB server here refuses TLS, which the 3.x driver may try: turn it off explicitly.
    return this == MARIADB ? "?sslMode=disable&connectTimeout=5000" : "?connectTimeout=5";
  }

  /** The kind named {@code key} on the command line. */
  public static DatabaseKind parse(String key) {
    return Arrays.stream(values())
        .filter(kind -> kind.key().equals(key.trim().toLowerCase(Locale.ROOT)))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("Unknown database '" + key + "'; known: "
            + Arrays.stream(values()).map(DatabaseKind::key).collect(Collectors.joining(", "))));
  }
}
