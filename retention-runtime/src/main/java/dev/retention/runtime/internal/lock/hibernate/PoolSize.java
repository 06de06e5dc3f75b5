package dev.retention.runtime.internal.lock.hibernate;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.hibernate.engine.jdbc.connections.spi.ConnectionProvider;
import org.hibernate.engine.spi.SessionFactoryImplementor;

/**
 * The most connections a Hibernate factory's pool hands out, where that can be read: Hibernate's built-in pool
 * ({@code hibernate.connection.pool_size}), or a {@link DataSource} that says (HikariCP's {@code maximumPoolSize},
 * DBCP2's {@code maxTotal}, Tomcat's {@code maxActive}, c3p0's and UCP's {@code maxPoolSize}, Agroal's
 * {@code maxSize}).
 * A pool it cannot read is no problem: the sweep lock then says nothing in advance.
 */
record PoolSize(int connections, String setting) {

  /** Hibernate's built-in pool (named {@code …ProviderImpl} before 7.1), and its size when none is set. */
  private static final String BUILT_IN_POOL =
      "org.hibernate.engine.jdbc.connections.internal.DriverManagerConnectionProvider";
  private static final int BUILT_IN_DEFAULT = 20;

  /** A data source's getter of its largest pool size, and the setting it reads, for the message. */
  private record Getter(String method, String setting) {}

  private static final List<Getter> GETTERS = List.of(
      new Getter("getMaximumPoolSize", "maximumPoolSize (HikariCP)"),
      new Getter("getMaxTotal", "maxTotal (DBCP2)"),
      new Getter("getMaxActive", "maxActive (Tomcat JDBC)"),
      new Getter("getMaxPoolSize", "maxPoolSize (c3p0, UCP)"));

  static Optional<PoolSize> of(SessionFactoryImplementor factory) {
    ConnectionProvider provider = factory.getServiceRegistry().getService(ConnectionProvider.class);
    if (provider == null) {
      return Optional.empty();
    }
    if (provider.getClass().getName().startsWith(BUILT_IN_POOL)) {
      Object size = factory.getProperties().get("hibernate.connection.pool_size");
      try {
        int connections = size == null ? BUILT_IN_DEFAULT : Integer.parseInt(String.valueOf(size).trim());
        return Optional.of(new PoolSize(connections, "hibernate.connection.pool_size (Hibernate's built-in pool)"));
      } catch (NumberFormatException unreadable) {
        return Optional.empty();
      }
    }
    DataSource dataSource;
    try {
      dataSource = provider.isUnwrappableAs(DataSource.class) ? provider.unwrap(DataSource.class) : null;
    } catch (RuntimeException notADataSource) {
      return Optional.empty();
    }
    return dataSource == null ? Optional.empty() : ofDataSource(dataSource);
  }

  private static Optional<PoolSize> ofDataSource(DataSource dataSource) {
    for (Getter getter : GETTERS) {
      Optional<Object> value = call(dataSource, getter.method());
      if (value.isPresent() && value.get() instanceof Number number) {
        return Optional.of(new PoolSize(number.intValue(), getter.setting()));
      }
    }
    // Agroal: getConfiguration().connectionPoolConfiguration().maxSize()
    return call(dataSource, "getConfiguration")
        .flatMap(configuration -> call(configuration, "connectionPoolConfiguration"))
        .flatMap(pool -> call(pool, "maxSize"))
        .filter(Number.class::isInstance)
        .map(size -> new PoolSize(((Number) size).intValue(), "max-size (Agroal)"));
  }

  /** A public no-argument method's answer, or empty where there is none or it throws. */
  private static Optional<Object> call(Object target, String method) {
    try {
      Method getter = target.getClass().getMethod(method);
      return Optional.ofNullable(getter.invoke(target));
    } catch (ReflectiveOperationException | RuntimeException | LinkageError notThere) {
      return Optional.empty();
    }
  }
}
