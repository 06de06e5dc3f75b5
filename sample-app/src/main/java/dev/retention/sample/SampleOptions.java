package dev.retention.sample;

import java.util.Optional;

/**
 * The sample's command line.
 *
 * @param rows how many rows to seed in all, about half of them expired
 * @param dryRun report what would be deleted, delete nothing
 * @param jdbcUrl a database server to use instead of embedded H2
 * @param watch keep sweeping as a service until interrupted
 * @param keep keep the sample_* tables on a database server when the sample ends
 */
record SampleOptions(int rows, boolean dryRun, Optional<String> jdbcUrl, String user, String password, boolean watch,
    boolean keep, boolean help) {

  static final int DEFAULT_ROWS = 20_000;

  static final String USAGE = String.join(System.lineSeparator(),
      "Usage: java -jar sample-app/target/retention-sample-app.jar [options]",
      "",
      "Seeds a backlog of rows, about half of them expired, starts the retention runtime and shows it draining.",
      "",
      "Options:",
      "  --rows N            rows to seed in all (default " + DEFAULT_ROWS + ")",
      "  --dry-run           report what would be deleted, delete nothing",
      "  --jdbc-url URL      use this database instead of embedded H2, e.g.",
      "                        jdbc:postgresql://127.0.0.1:5432/postgres",
      "                        jdbc:mariadb://127.0.0.1:3306/test?sslMode=disable",
      "                      (the sample creates its own sample_* tables there, and drops them when it ends)",
      "  --user NAME         database user: needed with --jdbc-url (embedded H2: sa)",
      "  --password SECRET   database password (default: empty)",
      "  --keep              keep the sample_* tables on the --jdbc-url database when the sample ends",
      "  --watch             keep sweeping as a service until Ctrl-C, then close gracefully",
      "  --help              print this help");

  /**
   * Reads the arguments.
   *
   * @throws IllegalArgumentException naming the flag or value that is wrong
   */
  static SampleOptions parse(String... args) {
    int rows = DEFAULT_ROWS;
    boolean dryRun = false;
    boolean watch = false;
    boolean help = false;
    boolean keep = false;
    String jdbcUrl = null;
    String user = null;
    String password = "";
    for (int i = 0; i < args.length; i++) {
      String flag = args[i];
      switch (flag) {
        case "--rows" -> rows = parseRows(valueOf(args, ++i, flag));
        case "--dry-run" -> dryRun = true;
        case "--watch" -> watch = true;
        case "--keep" -> keep = true;
        case "--help", "-h" -> help = true;
        case "--jdbc-url" -> jdbcUrl = valueOf(args, ++i, flag);
        case "--user" -> user = valueOf(args, ++i, flag);
        case "--password" -> password = valueOf(args, ++i, flag);
        default -> throw new IllegalArgumentException("unknown option " + flag);
      }
    }
    if (jdbcUrl != null && !jdbcUrl.startsWith("jdbc:")) {
      throw new IllegalArgumentException("--jdbc-url must start with jdbc:, not " + jdbcUrl);
    }
    if (jdbcUrl != null && user == null && !help) {
      // Without one, the driver fails deep in Hibernate's start-up with a trace that hides the cause.
      throw new IllegalArgumentException("--jdbc-url needs --user: the database user to connect as (e.g. --user"
          + " postgres), and --password if it has one");
    }
    String resolvedUser = user != null ? user : "sa";
    return new SampleOptions(rows, dryRun, Optional.ofNullable(jdbcUrl), resolvedUser, password, watch, keep, help);
  }

  private static String valueOf(String[] args, int index, String flag) {
    if (index >= args.length || args[index].startsWith("--")) {
      throw new IllegalArgumentException(flag + " needs a value");
    }
    return args[index];
  }

  private static int parseRows(String value) {
    try {
      int rows = Integer.parseInt(value.replace("_", ""));
      if (rows < 0 || rows > 10_000_000) {
        throw new IllegalArgumentException("--rows must be between 0 and 10000000, not " + value);
      }
      return rows;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--rows needs a whole number, not " + value, e);
    }
  }
}
