package dev.retention.runtime.internal.database;

import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import java.lang.System.Logger.Level;
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
import org.hibernate.engine.spi.SessionFactoryImplementor;

/**
 * Which database a factory runs on, asked once at {@code build()} of what the provider itself decided at start: the
 * dialect of a Hibernate factory, the platform of an EclipseLink one (each chose it from the JDBC driver's product
 * name, or was told it). The only place that asks; everything else asks the {@link DatabaseProfile} chosen here. Each
 * provider's classes are loaded only when it is present; a factory of another provider, or a database the provider
 * names otherwise, gets the portable profile.
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
      try {
        return profile(emf.unwrap(SessionFactoryImplementor.class).getJdbcServices().getDialect());
      } catch (PersistenceException | IllegalArgumentException notHibernate) {
        return null;
      }
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
