package dev.retention.it.support;

import java.util.Arrays;
import java.util.Locale;
import org.junit.jupiter.api.Assumptions;

/**
 * Whether the suites that need a database server run: {@code -Dtest.servers} is {@code off} by default, so that the
 * README's {@code mvn -B verify} runs every suite on H2 and nothing that depends on what else a machine runs;
 * {@code optional} adds the PostgreSQL and MariaDB suites (and the replica suites, on private servers) where the server
 * answers, skipping the others with a message; {@code required} (CI) fails where one does not. Naming a server in
 * {@code -Dtest.databases} runs its suites too.
 */
public final class TestServers {

  /** The system property, as the build passes it to every test JVM. */
  public static final String PROPERTY = "test.servers";

  private TestServers() {}

  /** Whether a server that does not answer fails its suites: {@code -Dtest.servers=required}, as in CI. */
  public static boolean required() {
    return "required".equals(mode());
  }

  /**
   * Skips the running suite unless the server suites of {@code database} ({@code postgresql}, {@code mariadb}) are to
   * run.
   */
  public static void skipUnlessWanted(String database) {
    if (wanted(database)) {
      return;
    }
    Assumptions.abort(database + " suites run with -D" + PROPERTY + "=optional (where the server answers) or"
        + " =required; the README's test command runs the H2 suites alone");
  }

  /** Whether the server suites of {@code database} are to run. */
  public static boolean wanted(String database) {
    String mode = mode();
    if (mode.equals("optional") || mode.equals("required")) {
      return true;
    }
    if (!mode.equals("off")) {
      throw new IllegalArgumentException("-D" + PROPERTY + "=" + mode + ": off (the default), optional or required");
    }
    String named = System.getProperty("test.databases", "");
    return Arrays.stream(named.split(",")).map(key -> key.strip().toLowerCase(Locale.ROOT))
        .anyMatch(key -> key.equals(database.toLowerCase(Locale.ROOT)));
  }

  private static String mode() {
    String value = System.getProperty(PROPERTY, "").strip().toLowerCase(Locale.ROOT);
    return value.isEmpty() ? "off" : value;
  }
}
