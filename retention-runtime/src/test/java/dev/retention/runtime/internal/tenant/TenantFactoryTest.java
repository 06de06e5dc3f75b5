package dev.retention.runtime.internal.tenant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The one place the runtime's entity managers get their tenant: created while a tenant is bound to the thread, with
 * the provider's property naming it, the caller's own properties kept; created with none bound (the application's
 * thread asking for a policy), exactly as the caller asked, so the application's resolver decides.
 */
class TenantFactoryTest {

  @Test
  void anEntityManagerCreatedWhileATenantIsBoundNamesItAndOtherwiseNone() {
    List<Object> calls = new ArrayList<>();
    EntityManager made = (EntityManager) Proxy.newProxyInstance(getClass().getClassLoader(),
        new Class<?>[] {EntityManager.class}, (proxy, method, args) -> null);
    EntityManagerFactory provider = (EntityManagerFactory) Proxy.newProxyInstance(getClass().getClassLoader(),
        new Class<?>[] {EntityManagerFactory.class}, (proxy, method, args) -> {
          calls.add(method.getName() + (args == null ? "()" : List.of(args)));
          return method.getName().equals("createEntityManager") ? made : null;
        });
    EntityManagerFactory factory = TenantFactory.wrap(provider, "org.hibernate.tenantId");

    assertSame(made, factory.createEntityManager());
    assertSame(made, TenantSessions.as("t2", () -> factory.createEntityManager()));
    assertSame(made, TenantSessions.as("t3", () -> factory.createEntityManager(Map.of("hint", 1))));
    assertEquals(List.of("createEntityManager()", "createEntityManager[{org.hibernate.tenantId=t2}]",
        "createEntityManager[{hint=1, org.hibernate.tenantId=t3}]"), normalized(calls));
    assertEquals(java.util.Optional.empty(), TenantSessions.current(), "the binding ends with its work");
  }

  /** The maps' entries sorted, so that the order a HashMap keeps does not decide the test. */
  private static List<String> normalized(List<Object> calls) {
    return calls.stream().map(String::valueOf).map(call -> call.replace("{org.hibernate.tenantId=t3, hint=1}",
        "{hint=1, org.hibernate.tenantId=t3}")).toList();
  }
}
