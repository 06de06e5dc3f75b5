package dev.retention.micronaut;

import dev.retention.runtime.TenantRunner;
import io.micronaut.context.BeanRegistration;
import io.micronaut.context.env.Environment;
import io.micronaut.core.annotation.Nullable;
import jakarta.persistence.EntityManagerFactory;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tenants of Micronaut Data's {@code DATASOURCE} multi-tenancy, for the runtime. There each tenant has a data
 * source named by its identifier, so an {@code EntityManagerFactory} of its own (micronaut-hibernate-jpa builds one for
 * every data source), and Micronaut Data's repositories and transactions take the one of the tenant the application's
 * resolver answers for the request. No factory is multi-tenant for Hibernate, and Micronaut's resolver has no tenant on
 * a sweeper's thread; the runtime sweeps one factory. So the runtime is given one whose every call goes to the factory
 * of the tenant it runs as ({@link #runAs}), and its tenants are the data sources' names.
 *
 * <p>Outside a tenant's sweep (the checks of {@code build()}) the calls go to the first factory by name: every one maps
 * the same entities on the same kind of database.
 */
final class DataSourceTenants implements TenantRunner {

  /** Micronaut Data's property, and its value that gives each tenant a data source. */
  static final String MODE = "micronaut.data.multi-tenancy.mode";
  static final String DATASOURCE = "DATASOURCE";

  private final Map<String, EntityManagerFactory> factories;
  private final EntityManagerFactory first;
  private final ThreadLocal<String> running = new ThreadLocal<>();

  private DataSourceTenants(Map<String, EntityManagerFactory> factories) {
    this.factories = factories;
    this.first = factories.values().iterator().next();
  }

  /** Whether the application's configuration asks Micronaut Data for a data source per tenant. */
  static boolean configured(Environment environment) {
    return environment.getProperty(MODE, String.class).filter(DATASOURCE::equalsIgnoreCase).isPresent();
  }

  /** The tenants of {@code registrations}, the application's factories, each named by its data source. */
  static DataSourceTenants of(List<BeanRegistration<EntityManagerFactory>> registrations) {
    if (registrations.isEmpty()) {
      throw new IllegalStateException(MODE + " = " + DATASOURCE + ", but the application has no EntityManagerFactory:"
          + " micronaut-hibernate-jpa builds one for each data source under datasources.<tenant>");
    }
    Map<String, EntityManagerFactory> factories = new LinkedHashMap<>();
    registrations.stream()
        .sorted(Comparator.comparing(registration -> registration.getIdentifier().getName()))
        .forEach(registration -> factories.put(registration.getIdentifier().getName(), registration.getBean()));
    return new DataSourceTenants(factories);
  }

  /** The tenants: every data source's name, in order. */
  List<String> names() {
    return new ArrayList<>(factories.keySet());
  }

  /** A factory that is the factory of the tenant this thread runs as, and the first one outside a tenant's sweep. */
  EntityManagerFactory factory() {
    return (EntityManagerFactory) Proxy.newProxyInstance(EntityManagerFactory.class.getClassLoader(),
        new Class<?>[] {EntityManagerFactory.class}, new Routing());
  }

  @Override
  public void runAs(String tenant, Runnable work) {
    if (!factories.containsKey(tenant)) {
      throw new IllegalArgumentException("Tenant " + tenant + " has no data source: under " + MODE + " = "
          + DATASOURCE + " a tenant is the data source of its name (datasources." + tenant + ".url), and the"
          + " application's are " + factories.keySet());
    }
    String outer = running.get();
    running.set(tenant);
    try {
      work.run();
    } finally {
      if (outer == null) {
        running.remove();
      } else {
        running.set(outer);
      }
    }
  }

  /** Hands every call to the current tenant's factory. */
  private final class Routing implements InvocationHandler {

    @Override
    public @Nullable Object invoke(Object proxy, Method method, @Nullable Object[] args) throws Throwable {
      Object[] arguments = args == null ? new Object[0] : args;
      switch (method.getName()) {
        case "equals":
          return arguments.length == 1 && proxy == arguments[0];
        case "hashCode":
          return System.identityHashCode(proxy);
        case "toString":
          return "EntityManagerFactory of the tenant swept, among the data sources " + factories.keySet();
        default:
          break;
      }
      String tenant = running.get();
      EntityManagerFactory current = tenant == null ? first : factories.get(tenant);
      try {
        return method.invoke(current, arguments);
      } catch (InvocationTargetException e) {
        throw e.getCause() == null ? e : e.getCause();
      }
    }
  }
}
