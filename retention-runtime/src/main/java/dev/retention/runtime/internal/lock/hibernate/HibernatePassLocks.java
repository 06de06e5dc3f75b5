package dev.retention.runtime.internal.lock.hibernate;

import dev.retention.runtime.internal.database.DatabaseProfile;
import dev.retention.runtime.internal.database.SessionLock;
import dev.retention.runtime.internal.lock.PassLocks;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import org.hibernate.engine.jdbc.connections.spi.JdbcConnectionAccess;
import org.hibernate.engine.spi.SessionFactoryImplementor;

/**
 * The passes' locks on a Hibernate factory, on a connection of its own taken from the factory's connection provider and
 * held, in autocommit, for the sweep: a session-level lock outlives the batches' transactions, and a connection idle in
 * no transaction holds back neither vacuum nor a timeout. A sweep in flight thus uses one connection more than its
 * batch.
 *
 * The lock's statements are its database's {@link SessionLock}, released by the server when their session ends.
 */
public final class HibernatePassLocks implements PassLocks {

  private static final System.Logger LOGGER = System.getLogger(HibernatePassLocks.class.getName());

  private final SessionLock kind;
  private final JdbcConnectionAccess connections;
  private final Optional<PoolSize> pool;

  private HibernatePassLocks(SessionLock kind, JdbcConnectionAccess connections, Optional<PoolSize> pool) {
    this.kind = kind;
    this.connections = connections;
    this.pool = pool;
  }

  /**
   * The locks of the factory's database, of the kind its profile names ({@link DatabaseProfile#sessionLock()});
   * {@link PassLocks#NONE} for a database without session locks, or a factory not Hibernate's.
   */
  public static PassLocks forFactory(EntityManagerFactory emf, DatabaseProfile database) {
    SessionFactoryImplementor factory;
    try {
      factory = emf.unwrap(SessionFactoryImplementor.class);
    } catch (PersistenceException | IllegalArgumentException notHibernate) {
      return PassLocks.NONE;
    }
    return database.sessionLock()
        .<PassLocks>map(kind -> new HibernatePassLocks(kind,
            factory.getJdbcServices().getBootstrapJdbcConnectionAccess(), PoolSize.of(factory)))
        .orElse(PassLocks.NONE);
  }

  @Override
  public String describe() {
    // The retry is SweepPlan.SKIPPED_RETRY, or the pass's interval where that is shorter.
    return "one instance sweeps a pass at a time (" + kind.description()
        + " per pass; the others skip it and try again within a minute)";
  }

  @Override
  public Optional<String> configurationProblem(int concurrentSweeps) {
    int needed = 2 * concurrentSweeps;
    boolean several = concurrentSweeps > 1;
    return pool.filter(size -> size.connections() < needed).map(size -> "The connection pool has "
        + size.connections() + (size.connections() == 1 ? " connection" : " connections") + ", but a sweep holds one"
        + " of its own for the whole sweep, for its sweep lock (" + kind.description() + ": one instance sweeps a pass"
        + " at a time), beside the one its batches take"
        + (several ? ", and maxConcurrentSweeps lets " + concurrentSweeps + " sweeps run at once: they need "
            + needed + " connections" : "")
        + ", so " + (several ? "the sweeps would hold every connection for their locks while their" : "its")
        + " batches waited for one that never comes, and every sweep would fail. Give the pool at least " + needed
        + " connections (" + size.setting() + ")" + (several ? ", or lower maxConcurrentSweeps" : ""));
  }

  @Override
  public Optional<Held> tryLock(String pass) {
    Connection connection;
    try {
      connection = connections.obtainConnection();
    } catch (SQLException e) {
      throw new PersistenceException("Pass " + pass + ": no connection for its sweep lock: " + e.getMessage(), e);
    }
    boolean changedAutoCommit = false;
    boolean taken = false;
    try {
      changedAutoCommit = autoCommit(connection, pass);
      taken = ask(connection, kind.take(), pass);
      if (!taken) {
        return Optional.empty();
      }
      return Optional.of(new Lock(pass, connection, changedAutoCommit));
    } catch (SQLException | RuntimeException e) {
      throw new PersistenceException("Pass " + pass + ": taking its sweep lock failed: " + e.getMessage(), e);
    } finally {
      if (!taken) {
        giveBack(pass, connection, changedAutoCommit);
      }
    }
  }

  /**
   * Puts the connection in autocommit, so that it idles in no transaction while the sweep runs; returns whether it was
   * changed. A connection a JTA data source enlisted in the caller's transaction refuses: the lock is then taken
   * inside that transaction, which a session lock outlives.
   */
  private static boolean autoCommit(Connection connection, String pass) throws SQLException {
    if (connection.getAutoCommit()) {
      return false;
    }
    try {
      connection.setAutoCommit(true);
      return true;
    } catch (SQLException enlisted) {
      LOGGER.log(Level.DEBUG, () -> "Pass " + pass + ": the sweep lock's connection stays in its transaction ("
          + enlisted.getMessage() + ")");
      return false;
    }
  }

  /** Runs a lock function and reads its answer: true, or false (taken by another; NULL from MariaDB on an error). */
  private boolean ask(Connection connection, String sql, String pass) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      kind.bind(statement, pass);
      try (ResultSet result = statement.executeQuery()) {
        if (!result.next()) {
          return false;
        }
        Object answer = result.getObject(1);
        return answer instanceof Boolean yes ? yes : answer instanceof Number number && number.intValue() == 1;
      }
    }
  }

  private void giveBack(String pass, Connection connection, boolean changedAutoCommit) {
    try {
      if (changedAutoCommit) {
        connection.setAutoCommit(false);
      }
    } catch (SQLException e) {
      LOGGER.log(Level.WARNING, () -> "Pass " + pass + ": resetting the sweep lock's connection failed", e);
    }
    try {
      connections.releaseConnection(connection);
    } catch (SQLException e) {
      LOGGER.log(Level.WARNING, () -> "Pass " + pass + ": giving back the sweep lock's connection failed", e);
    }
  }

  /** One pass's lock, on the connection that holds it. */
  private final class Lock implements Held {
    private final String pass;
    private final Connection connection;
    private final boolean changedAutoCommit;

    Lock(String pass, Connection connection, boolean changedAutoCommit) {
      this.pass = pass;
      this.connection = connection;
      this.changedAutoCommit = changedAutoCommit;
    }

    @Override
    public void close() {
      try {
        if (!ask(connection, kind.release(), pass)) {
          LOGGER.log(Level.WARNING, () -> "Pass " + pass + ": its sweep lock was no longer held when the sweep ended");
        }
      } catch (SQLException | RuntimeException e) {
        // Most likely the connection broke, and its session with it, which released the lock.
        LOGGER.log(Level.WARNING, () -> "Pass " + pass + ": releasing its sweep lock failed; the server releases it"
            + " when the connection's session ends", e);
      }
      giveBack(pass, connection, changedAutoCommit);
    }
  }
}
