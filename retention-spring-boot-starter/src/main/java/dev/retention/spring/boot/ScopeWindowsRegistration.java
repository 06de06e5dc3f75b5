package dev.retention.spring.boot;

import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.ScopeWindows;
import java.util.Objects;

/**
 * The {@link ScopeWindows} of one pass, declared as a bean: the starter registers every such bean on its runtime's
 * builder, as {@link RetentionRuntime.Builder#scopeWindows(String, ScopeWindows)} would.
 *
 * <pre>{@code
 * @Bean
 * ScopeWindowsRegistration notificationWindows(TenantSettings tenants) {
 *   return ScopeWindowsRegistration.of(Notification.class, tenant -> tenants.retentionOf((String) tenant));
 * }
 * }</pre>
 *
 * <p>A pass takes one: two beans for the same pass fail start-up, naming both. A window from the properties
 * ({@code retention.<pass>.scope.<value>.retention}) wins over the bean's. A {@code RetentionRuntime} bean of the
 * application's own, which replaces the starter's, does not see these beans: give it its windows on its builder.
 */
public final class ScopeWindowsRegistration {

  private final String passName;
  private final ScopeWindows windows;

  private ScopeWindowsRegistration(String passName, ScopeWindows windows) {
    this.passName = Objects.requireNonNull(passName, "passName");
    this.windows = Objects.requireNonNull(windows, "windows");
  }

  /** The windows of the scopes of {@code entity}, a {@code @Ttl} entity with a {@code @TtlScope} attribute. */
  public static ScopeWindowsRegistration of(Class<?> entity, ScopeWindows windows) {
    return new ScopeWindowsRegistration(PassNames.of(entity), windows);
  }

  /** The windows of the scopes of the pass named {@code passName}, the entity's canonical class name. */
  public static ScopeWindowsRegistration of(String passName, ScopeWindows windows) {
    return new ScopeWindowsRegistration(passName, windows);
  }

  /** The name of the pass whose scopes these windows are of. */
  public String passName() {
    return passName;
  }

  /** The windows, looked up at every sweep, scope by scope. */
  public ScopeWindows windows() {
    return windows;
  }

  @Override
  public String toString() {
    return "ScopeWindowsRegistration[" + passName + "]";
  }
}
