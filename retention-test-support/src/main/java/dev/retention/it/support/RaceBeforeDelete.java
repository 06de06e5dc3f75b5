package dev.retention.it.support;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;

/**
 * Runs an action just before the next {@code delete} statement a factory prepares, on any JPA provider: the factory's
 * connections come through a JDBC driver of its own (URL {@code jdbc:race:<n>:<the database's URL>}), which hands out
 * the real driver's connections and watches the SQL they prepare. A test puts a foreground transaction between a
 * batch's select and its delete this way, where Hibernate's statement inspector would tie it to one provider.
 */
public final class RaceBeforeDelete {

  private static final String PREFIX = "jdbc:race:";
  private static final Map<Integer, RaceBeforeDelete> RACES = new ConcurrentHashMap<>();
  private static final AtomicInteger NUMBERS = new AtomicInteger();

  static {
    try {
      DriverManager.registerDriver(new RacingDriver());
    } catch (SQLException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final int number = NUMBERS.incrementAndGet();
  private final AtomicBoolean fired = new AtomicBoolean();
  private volatile Runnable action;

  public RaceBeforeDelete() {
    RACES.put(number, this);
  }

  /** The factory properties that send its connections to {@code database} through this race. */
  public Map<String, String> properties(TestDatabase database) {
    return Map.of("jakarta.persistence.jdbc.url", PREFIX + number + ":" + database.url());
  }

  /** Runs {@code action} once, when a connection of the factory next prepares a delete, before it runs. */
  public void beforeNextDelete(Runnable action) {
    this.action = action;
  }

  /** Whether the action ran. */
  public boolean fired() {
    return fired.get();
  }

  private void preparing(Object sql) {
    Runnable pending = action;
    if (pending != null && sql instanceof String text && isDelete(text.trim().toLowerCase(Locale.ROOT))) {
      action = null;
      pending.run();
      fired.set(true);
    }
  }

  /** A delete, written plainly or after common table expressions (Hibernate 6.6 writes some deletes so). */
  private static boolean isDelete(String sql) {
    return sql.startsWith("delete") || sql.startsWith("with") && sql.contains(" delete from ");
  }

  private Connection watch(Connection connection) {
    InvocationHandler handler = (proxy, method, args) -> {
      // A pool keeps its connections in sets: the watched connection is equal to itself alone. Passed on, equals would
      // compare the real connection with the proxy, and the pool would count every returned connection as leaked.
      if (method.getName().equals("equals") && method.getParameterCount() == 1) {
        return proxy == args[0];
      }
      if (method.getName().equals("hashCode") && method.getParameterCount() == 0) {
        return System.identityHashCode(proxy);
      }
      if (method.getName().equals("prepareStatement") && args != null && args.length > 0) {
        preparing(args[0]);
      }
      try {
        return method.invoke(connection, args);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
    };
    return (Connection) Proxy.newProxyInstance(RaceBeforeDelete.class.getClassLoader(),
        new Class<?>[] {Connection.class}, handler);
  }

  /** The driver for {@code jdbc:race:<n>:} URLs: the real driver's connection, watched by race {@code n}. */
  private static final class RacingDriver implements Driver {

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
      if (!acceptsURL(url)) {
        return null;
      }
      String rest = url.substring(PREFIX.length());
      int colon = rest.indexOf(':');
      RaceBeforeDelete race = RACES.get(Integer.valueOf(rest.substring(0, colon)));
      return race.watch(DriverManager.getConnection(rest.substring(colon + 1), info));
    }

    @Override
    public boolean acceptsURL(String url) {
      return url != null && url.startsWith(PREFIX);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
      return new DriverPropertyInfo[0];
    }

    @Override
    public int getMajorVersion() {
      return 1;
    }

    @Override
    public int getMinorVersion() {
      return 0;
    }

    @Override
    public boolean jdbcCompliant() {
      return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
      throw new SQLFeatureNotSupportedException("no logger of its own");
    }
  }
}
