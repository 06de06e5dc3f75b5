package dev.retention.benchmarks.scopes;

import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.ScopeWindows;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Where the tenants with a window of their own get it: configuration (60 days), code (45 days), or code that declares
 * the shortest window it answers ({@code ScopeWindows.atLeast}, 45 days), so that the sweep's first read takes only the
 * rows older than the pass's 30 days.
 */
enum WindowSource {
  CONFIGURATION(Duration.ofDays(60)) {
    @Override
    void apply(RetentionRuntime.Builder builder, String pass, TenantLayout layout) {
      Map<String, String> configuration = new LinkedHashMap<>();
      for (int t : layout.ownWindowTenants()) {
        configuration.put("retention." + pass + ".scope." + TenantLayout.tenantId(t) + ".retention", "60d");
      }
      builder.configuration(configuration);
    }
  },
  CODE(Duration.ofDays(45)) {
    @Override
    void apply(RetentionRuntime.Builder builder, String pass, TenantLayout layout) {
      builder.scopeWindows(pass, fromCode(window));
    }
  },
  CODE_AT_LEAST(Duration.ofDays(45)) {
    @Override
    void apply(RetentionRuntime.Builder builder, String pass, TenantLayout layout) {
      builder.scopeWindows(pass, ScopeWindows.atLeast(window, fromCode(window)));
    }
  };

  /** The own-window tenants' {@code window}, the pass's for the others (an empty answer). */
  private static ScopeWindows fromCode(Duration window) {
    return tenant -> {
      String id = (String) tenant;
      int t = Integer.parseInt(id.substring(id.indexOf('-') + 1));
      return TenantLayout.ownWindow(t) ? Optional.of(window) : Optional.empty();
    };
  }

  final Duration window;

  WindowSource(Duration window) {
    this.window = window;
  }

  /** Gives the own-window tenants of {@code layout} their window on the runtime being built. */
  abstract void apply(RetentionRuntime.Builder builder, String pass, TenantLayout layout);

  String key() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }
}
