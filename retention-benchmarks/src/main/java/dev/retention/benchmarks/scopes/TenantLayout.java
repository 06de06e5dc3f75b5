package dev.retention.benchmarks.scopes;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The rows of the multi-tenant layout, as numbers: {@code tenants} tenants of {@link #ROWS_PER_TENANT} rows each,
 * aged 1 to 20 hours; tenants 51 to 150 have a window of their own and a row 40 days old (expired under the pass's 30
 * days, kept under their own); every hundredth tenant has a row 70 days old, the only rows any window expires.
 */
public record TenantLayout(int tenants) {

  public static final int ROWS_PER_TENANT = 20;
  public static final Duration PASS_WINDOW = Duration.ofDays(30);
  public static final long OLD_ROW_SECONDS = Duration.ofDays(70).toSeconds();
  public static final long KEPT_ROW_SECONDS = Duration.ofDays(40).toSeconds();
  private static final int FIRST_OWN_WINDOW = 51;
  private static final int LAST_OWN_WINDOW = 150;
  private static final int EXPIRED_EVERY = 100;

  public TenantLayout {
    if (tenants < 1 || tenants > 999_999) {
      throw new IllegalArgumentException("--tenants must be between 1 and 999,999, not " + tenants);
    }
  }

  public long rows() {
    return (long) tenants * ROWS_PER_TENANT;
  }

  /** The scope value of tenant {@code t}. */
  public static String tenantId(int t) {
    return String.format(Locale.ROOT, "tenant-%06d", t);
  }

  /** Whether tenant {@code t} has a window of its own. */
  public static boolean ownWindow(int t) {
    return t >= FIRST_OWN_WINDOW && t <= LAST_OWN_WINDOW;
  }

  /** The tenants with a window of their own. */
  public List<Integer> ownWindowTenants() {
    List<Integer> own = new ArrayList<>();
    for (int t = FIRST_OWN_WINDOW; t <= Math.min(tenants, LAST_OWN_WINDOW); t++) {
      own.add(t);
    }
    return own;
  }

  /** The tenants with a 70-day-old row: 1% of them. */
  public List<Integer> expiredTenants() {
    List<Integer> expired = new ArrayList<>();
    for (int t = EXPIRED_EVERY; t <= tenants; t += EXPIRED_EVERY) {
      expired.add(t);
    }
    return expired;
  }

  /** Rows every window expires: one per expired tenant. */
  public long expiredRows() {
    return expiredTenants().size();
  }

  /** Rows 40 days old, kept by the own windows (45 or 60 days) and by the unscoped table's 60 days. */
  public long keptOldRows() {
    return ownWindowTenants().size();
  }

  /** The age in seconds of row {@code j} (0 to 19) of tenant {@code t}, as SQL over columns {@code t} and {@code j}. */
  static String ageSeconds() {
    return "case when mod(t, " + EXPIRED_EVERY + ") = 0 and j = 0 then " + OLD_ROW_SECONDS
        + " when t between " + FIRST_OWN_WINDOW + " and " + LAST_OWN_WINDOW + " and j = 1 then " + KEPT_ROW_SECONDS
        + " else (j + 1) * 3600 end";
  }

  /** SQL true for the rows of the expired tenants that every window expires. */
  static String expiredRowFilter() {
    return "mod(t, " + EXPIRED_EVERY + ") = 0 and j = 0";
  }
}
