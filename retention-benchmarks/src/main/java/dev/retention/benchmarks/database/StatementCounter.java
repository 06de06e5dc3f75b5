package dev.retention.benchmarks.database;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;

/**
 * Counts the statements a factory executes, at the JDBC level: a driver in front of the real one, for URLs
 * {@code jdbc:counting:<real url>}, whose connections count every {@code execute*} call of their statements. It sees
 * what a {@code StatementInspector} would not: the statements run in {@code Session.doWork} (the sweep lock, session
 * settings). The factory's own connection pool sits in front of it, so connecting costs what it costs without it.
 */
public final class StatementCounter {

  private static final String PREFIX = "jdbc:counting:";
  private static final AtomicLong EXECUTED = new AtomicLong();

  static {
    try {
      DriverManager.registerDriver(new CountingDriver());
    } catch (SQLException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private StatementCounter() {}

  /** The URL under which the real database at {@code url} is reached through the counter. */
  public static String url(String url) {
    return PREFIX + url;
  }

  /** Statements executed through counting connections since this JVM started. */
  public static long executed() {
    return EXECUTED.get();
  }

  private static final class CountingDriver implements Driver {

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
      if (!acceptsURL(url)) {
        return null;
      }
      Connection real = DriverManager.getConnection(url.substring(PREFIX.length()), info);
      return (Connection) Proxy.newProxyInstance(StatementCounter.class.getClassLoader(),
          new Class<?>[] {Connection.class}, new Wrapping(real));
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
      throw new SQLFeatureNotSupportedException("The counting driver has no logger of its own");
    }
  }

  /** A connection whose statements count their executions. */
  private record Wrapping(Connection real) implements InvocationHandler {
    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
      Object result = call(proxy, real, method, args);
      if (result instanceof Statement statement && method.getReturnType().isInterface()) {
        return Proxy.newProxyInstance(StatementCounter.class.getClassLoader(),
            new Class<?>[] {method.getReturnType()}, new Counting(statement));
      }
      return result;
    }
  }

  /** A statement that counts its executions ({@code executeBatch} once a batch). */
  private record Counting(Statement real) implements InvocationHandler {
    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
      if (method.getName().startsWith("execute")) {
        EXECUTED.incrementAndGet();
      }
      return call(proxy, real, method, args);
    }
  }

  private static Object call(Object proxy, Object target, Method method, Object[] args) throws Throwable {
    // A proxy is equal to itself only: the pool keeps its connections in collections, and the real connection's
    // equals would never take its proxy for itself.
    if (method.getName().equals("equals") && method.getParameterCount() == 1) {
      return proxy == args[0];
    }
    if (method.getName().equals("hashCode") && method.getParameterCount() == 0) {
      return System.identityHashCode(proxy);
    }
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
