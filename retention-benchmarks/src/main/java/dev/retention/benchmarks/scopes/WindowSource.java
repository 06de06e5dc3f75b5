package dev.retention.benchmarks.scopes;

import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.ScopeWindows;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** Where the tenants with a window of their own get it: configuration (60 days) or code (45 days). */
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
      ScopeWindows windows = tenant -> {
        String id = (String) tenant;
        int t = Integer.parseInt(id.substring(id.indexOf('-') + 1));
        return TenantLayout.ownWindow(t) ? Optional.of(window) : Optional.empty();
      };
      builder.scopeWindows(pass, windows);
    }
  };

  final Duration window;

  WindowSource(Duration window) {
    this.window = window;
  }

  /** Gives the own-window tenants of {@code layout} their window on the runtime being built. */
  abstract void apply(RetentionRuntime.Builder builder, String pass, TenantLayout layout);

  String key() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
