package dev.retention.runtime.internal.tenant;

import jakarta.persistence.EntityManagerFactory;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The one place the runtime's entity managers get their tenant: a factory that hands every call to the application's,
 * except that an entity manager created while a tenant is bound to the thread ({@link TenantSessions}) is created with
 * the property that names it ({@link Tenancy#tenantProperty()}), so its session, its connections and, for a
 * {@code @TenantId} entity, its filter are that tenant's, whatever the application's resolver would answer on the
 * sweeper's thread. A proxy rather than a class, so that it follows the JPA version on the class path (3.1 with
 * Hibernate 6.6, 3.2 with 7); {@code unwrap} reaches the provider's factory as before.
 */
public final class TenantFactory {

  private TenantFactory() {}

  /** {@code emf}, creating entity managers for the bound tenant through {@code property}. */
  public static EntityManagerFactory wrap(EntityManagerFactory emf, String property) {
    return (EntityManagerFactory) Proxy.newProxyInstance(EntityManagerFactory.class.getClassLoader(),
        new Class<?>[] {EntityManagerFactory.class}, new Handler(emf, property));
  }

  private record Handler(EntityManagerFactory emf, String property) implements InvocationHandler {

    @Override
    public @Nullable Object invoke(Object proxy, Method method, @Nullable Object @Nullable [] args)
        throws Throwable {
      Object[] arguments = args == null ? new Object[0] : args;
      switch (method.getName()) {
        case "equals":
          return arguments.length == 1 && proxy == arguments[0];
        case "hashCode":
          return System.identityHashCode(proxy);
        case "toString":
          return "EntityManagerFactory for the bound tenant over " + emf;
        case "createEntityManager":
          if (TenantSessions.current().isPresent()) {
            return createFor(TenantSessions.current().get(), arguments);
          }
          break;
        default:
          break;
      }
      try {
        return method.invoke(emf, arguments);
      } catch (InvocationTargetException e) {
        throw e.getCause() == null ? e : e.getCause();
      }
    }

    /** An entity manager of {@code tenant}, with the arguments the caller gave (a synchronization type, properties). */
    private Object createFor(String tenant, Object[] arguments) {
      Map<Object, Object> properties = new HashMap<>();
      Object synchronization = null;
      for (Object argument : arguments) {
        if (argument instanceof Map<?, ?> given) {
          properties.putAll(given);
        } else if (argument != null) {
          synchronization = argument;
        }
      }
      properties.put(property, tenant);
      return synchronization instanceof jakarta.persistence.SynchronizationType type
          ? emf.createEntityManager(type, properties)
          : emf.createEntityManager(properties);
    }
  }
}
