package dev.retention.runtime.internal.mapping;

import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import java.lang.System.Logger.Level;
import org.eclipse.persistence.jpa.JpaEntityManagerFactory;
import org.eclipse.persistence.platform.database.MySQLPlatform;
import org.hibernate.dialect.MySQLDialect;
import org.hibernate.engine.spi.SessionFactoryImplementor;

/**
 * How the factory's database tells text values apart when it groups them, which decides how the stored spellings of a
 * scope value are read ({@code ACME} and {@code acme} under MariaDB's case-insensitive collations).
 *
 * <p>MariaDB and MySQL compare, group and {@code DISTINCT} text by the column's collation, so a plain {@code select
 * distinct} returns one spelling of several it takes as one; there each spelling is read beside a hash of its bytes
 * ({@code md5}), which keeps them apart. Elsewhere ({@code DISTINCT} is exact on H2 and on PostgreSQL's deterministic
 * collations, their defaults) the values are read as they are.
 */
public enum TextComparison {
  /** {@code DISTINCT} returns every stored spelling. */
  EXACT,
  /** {@code DISTINCT} merges spellings a collation takes as one: each is read beside a hash of its bytes. */
  BY_COLLATION;

  private static final System.Logger LOGGER = System.getLogger(TextComparison.class.getName());

  /** How {@code emf}'s database groups text, by the dialect (Hibernate) or platform (EclipseLink) it runs with. */
  public static TextComparison of(EntityManagerFactory emf) {
    try {
      if (StoredTypes.present(StoredTypes.HIBERNATE) && OnHibernate.isMySqlFamily(emf)
          || StoredTypes.present(StoredTypes.ECLIPSELINK) && OnEclipseLink.isMySqlFamily(emf)) {
        return BY_COLLATION;
      }
    } catch (LinkageError otherVersion) {
      LOGGER.log(Level.INFO, () -> "Retention cannot read which database this provider version runs on ("
          + otherVersion + "); scope values are read as the database groups them");
    }
    return EXACT;
  }

  /** Loaded only when Hibernate is present. */
  private static final class OnHibernate {
    static boolean isMySqlFamily(EntityManagerFactory emf) {
      try {
        return emf.unwrap(SessionFactoryImplementor.class).getJdbcServices().getDialect() instanceof MySQLDialect;
      } catch (PersistenceException | IllegalArgumentException notHibernate) {
        return false;
      }
    }
  }

  /** Loaded only when EclipseLink is present. */
  private static final class OnEclipseLink {
    static boolean isMySqlFamily(EntityManagerFactory emf) {
      try {
        return emf.unwrap(JpaEntityManagerFactory.class).getServerSession().getPlatform() instanceof MySQLPlatform;
      } catch (PersistenceException | IllegalArgumentException notEclipseLink) {
        return false;
      }
    }
  }
}
