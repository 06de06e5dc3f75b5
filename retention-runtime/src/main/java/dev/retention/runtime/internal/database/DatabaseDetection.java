package dev.retention.runtime.internal.database;

import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.persistence.jpa.JpaEntityManagerFactory;
import org.eclipse.persistence.platform.database.DatabasePlatform;
import org.eclipse.persistence.platform.database.H2Platform;
import org.eclipse.persistence.platform.database.MariaDBPlatform;
import org.eclipse.persistence.platform.database.MySQLPlatform;
import org.eclipse.persistence.platform.database.PostgreSQLPlatform;
import org.hibernate.dialect.Dialect;
import org.hibernate.dialect.H2Dialect;
import org.hibernate.dialect.MariaDBDialect;
import org.hibernate.dialect.MySQLDialect;
import org.hibernate.dialect.PostgreSQLDialect;
import org.hibernate.engine.jdbc.connections.spi.JdbcConnectionAccess;
import org.hibernate.engine.spi.SessionFactoryImplementor;

/**
 * Which database a factory runs on, asked once at {@code build()} of what the provider itself decided at start: the
 * dialect of a Hibernate factory, the platform of an EclipseLink one (each chose it from the JDBC driver's product
 * name, or was told it). The only place that asks; everything else asks the {@link DatabaseProfile} chosen here. Each
 * provider's classes are loaded only when it is present; a factory of another provider, or a database the provider
 * names otherwise, gets the portable profile.
 *
 * <p>A dialect can be told, and be wrong: {@code hibernate.dialect=MySQLDialect} over a MariaDB server, left from a MySQL
 * past. So the server is asked too, once, through the factory's own connections (the JDBC driver's product name and
 * version), and where it names the other of MariaDB and MySQL the profile follows the server ({@link Server}).
 */
public final class DatabaseDetection {

  private static final System.Logger LOGGER = System.getLogger(DatabaseDetection.class.getName());

  private static final String HIBERNATE = "org.hibernate.engine.spi.SessionFactoryImplementor";
  private static final String ECLIPSELINK = "org.eclipse.persistence.jpa.JpaEntityManagerFactory";

  private DatabaseDetection() {}

  /** The profile of the database {@code emf} runs on. */
  public static DatabaseProfile of(EntityManagerFactory emf) {
    try {
      if (present(HIBERNATE)) {
        DatabaseProfile profile = OnHibernate.profile(emf);
        if (profile != null) {
          return profile;
        }
      }
      if (present(ECLIPSELINK)) {
        DatabaseProfile profile = OnEclipseLink.profile(emf);
        if (profile != null) {
          return profile;
        }
      }
    } catch (LinkageError otherVersion) {
      LOGGER.log(Level.INFO, () -> "Retention cannot read which database this provider version runs on ("
          + otherVersion + "); the portable JPQL runs, every instance sweeps every pass, and scope values are read as"
          + " the database groups them");
    }
    return new OtherDatabase("a database the provider does not name", false);
  }

  private static boolean present(String className) {
    try {
      Class.forName(className, false, DatabaseDetection.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError absent) {
      return false;
    }
  }

  /** Loaded only when Hibernate is present. */
  static final class OnHibernate {

    private OnHibernate() {}

    /** The profile of a Hibernate factory's database; null when {@code emf} is not Hibernate's. */
    static DatabaseProfile profile(EntityManagerFactory emf) {
      SessionFactoryImplementor factory;
      try {
        factory = emf.unwrap(SessionFactoryImplementor.class);
      } catch (PersistenceException | IllegalArgumentException notHibernate) {
        return null;
      }
      return profile(factory.getJdbcServices().getDialect(),
          server(factory.getJdbcServices().getBootstrapJdbcConnectionAccess()));
    }

    /** Asks one of the factory's connections, once; empty when it cannot (the server is down at build, say). */
    static Optional<Server> server(JdbcConnectionAccess connections) {
      try {
        Connection connection = connections.obtainConnection();
        try {
          DatabaseMetaData metaData = connection.getMetaData();
          return Optional.of(new Server(String.valueOf(metaData.getDatabaseProductName()),
              String.valueOf(metaData.getDatabaseProductVersion())));
        } finally {
          connections.releaseConnection(connection);
        }
      } catch (SQLException | RuntimeException cannotAsk) {
        LOGGER.log(Level.DEBUG, () -> "Retention could not ask the server which database it is (" + cannotAsk
            + "); the provider's dialect alone decides");
        return Optional.empty();
      }
    }

    /**
     * By the dialect, unless the server says it is the other of MariaDB and MySQL: then the server's profile, with
     * nothing Hibernate writes in the dialect's words ({@link ServerNotDialect}).
     */
    static DatabaseProfile profile(Dialect dialect, Optional<Server> server) {
      DatabaseProfile byDialect = profile(dialect);
      Optional<DatabaseProfile> byServer = server.flatMap(Server::profile);
      if (byServer.isEmpty() || !(byDialect instanceof MariaDbProfile)
          || byServer.get().name().equals(byDialect.name())) {
        return byDialect;
      }
      String dialectName = dialect.getClass().getSimpleName();
      String serverName = byServer.get().name();
      String fix = "set hibernate.dialect to " + serverName + "'s dialect or leave it unset";
      return new ServerNotDialect(byServer.get(), "the dialect is " + dialectName + " (" + byDialect.name()
          + ") but the server is " + server.get() + ": Hibernate would write " + byDialect.name() + "'s statements,"
          + " which " + serverName + " may refuse, so every pass runs the portable JPQL; for the statements shaped for "
          + serverName + ", " + fix, "its batches lock rows, which Hibernate writes in " + dialectName + "'s words ("
          + byDialect.name() + "'s locking clauses), and the server is " + server.get() + ", which may refuse them;"
          + " " + fix);
    }

    /** By the dialect's family: a dialect derived from PostgreSQL's, say, is PostgreSQL. */
    static DatabaseProfile profile(Dialect dialect) {
      boolean skipsLockedRows = dialect.supportsSkipLocked();
      if (dialect instanceof PostgreSQLDialect) {
        return new PostgresProfile(skipsLockedRows);
      }
      if (dialect instanceof MariaDBDialect) {
        return MariaDbProfile.mariaDb(skipsLockedRows);
      }
      if (dialect instanceof MySQLDialect) {
        return MariaDbProfile.mySql(skipsLockedRows);
      }
      if (dialect instanceof H2Dialect) {
        return new H2Profile(skipsLockedRows);
      }
      return new OtherDatabase(dialect.getClass().getSimpleName(), skipsLockedRows);
    }
  }

  /**
   * What the JDBC driver says the server is. Trusted only to tell MariaDB from MySQL, whose drivers read the server's own
   * version string ({@code 5.5.5-10.11.6-MariaDB} through MySQL's driver): PostgreSQL's driver calls every server it
   * speaks to PostgreSQL, CockroachDB's among them, so a PostgreSQL dialect is not second-guessed.
   *
   * @param product the driver's {@code getDatabaseProductName()}
   * @param version its {@code getDatabaseProductVersion()}
   */
  record Server(String product, String version) {

    /** MariaDB's or MySQL's profile, as the server names itself; empty for any other server. */
    Optional<DatabaseProfile> profile() {
      String said = (product + " " + version).toLowerCase(Locale.ROOT);
      if (said.contains("mariadb")) {
        return Optional.of(MariaDbProfile.mariaDb(false));
      }
      if (product.toLowerCase(Locale.ROOT).contains("mysql")) {
        return Optional.of(MariaDbProfile.mySql(false));
      }
      return Optional.empty();
    }

    @Override
    public String toString() {
      return product + " " + version;
    }
  }

  /**
   * Loaded only when EclipseLink is present. The runtime builds no native statement on EclipseLink, so of its profile
   * only the provider-neutral parts apply (how text is grouped); it takes no lock and drops no partition there.
   */
  static final class OnEclipseLink {

    private OnEclipseLink() {}

    /** The profile of an EclipseLink factory's database; null when {@code emf} is not EclipseLink's. */
    static DatabaseProfile profile(EntityManagerFactory emf) {
      try {
        return profile(emf.unwrap(JpaEntityManagerFactory.class).getServerSession().getPlatform());
      } catch (PersistenceException | IllegalArgumentException notEclipseLink) {
        return null;
      }
    }

    /** By the platform's family: MariaDB's platform is MySQL's. */
    static DatabaseProfile profile(DatabasePlatform platform) {
      if (platform instanceof PostgreSQLPlatform) {
        return new PostgresProfile(false);
      }
      if (platform instanceof MariaDBPlatform) {
        return MariaDbProfile.mariaDb(false);
      }
      if (platform instanceof MySQLPlatform) {
        return MariaDbProfile.mySql(false);
      }
      if (platform instanceof H2Platform) {
        return new H2Profile(false);
      }
      return new OtherDatabase(platform.getClass().getSimpleName(), false);
    }
  }
}
