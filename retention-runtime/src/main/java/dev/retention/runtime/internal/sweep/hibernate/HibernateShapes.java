package dev.retention.runtime.internal.sweep.hibernate;

import dev.retention.runtime.internal.sweep.BatchBound;
import dev.retention.runtime.internal.sweep.StatementShape;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hibernate.dialect.Dialect;
import org.hibernate.dialect.MariaDBDialect;
import org.hibernate.dialect.MySQLDialect;
import org.hibernate.dialect.PostgreSQLDialect;
import org.hibernate.engine.spi.SessionFactoryImplementor;

/**
 * The statement shapes for a Hibernate {@code EntityManagerFactory}, chosen from the dialect it reports. Only this
 * package refers to Hibernate, and it is loaded only when Hibernate is present.
 */
public final class HibernateShapes {

  private HibernateShapes() {}

  /** The shapes the factory's database allows, fastest first; none when the factory is not Hibernate's. */
  public static List<StatementShape> forFactory(EntityManagerFactory emf) {
    SessionFactoryImplementor factory = hibernate(emf);
    if (factory == null) {
      return List.of();
    }
    Dialect dialect = factory.getJdbcServices().getDialect();
    List<StatementShape> shapes = new ArrayList<>();
    if (dialect instanceof PostgreSQLDialect) {
      shapes.add(new PostgresCtidShape(factory));
      shapes.add(new SkipLockedShape(factory, emf.getMetamodel(), BatchSession.ASYNCHRONOUS_COMMIT, false));
    } else if (dialect instanceof MySQLDialect && dialect.supportsSkipLocked()) {
      // MariaDB and MySQL, at their own REPEATABLE READ: READ COMMITTED halved the drain here. When statistics say
      // the table is small, MariaDB runs a delete by ids as a scan that waits on every row others hold, so the
      // locked rows go by primary key alone.
      shapes.add(new SkipLockedShape(factory, emf.getMetamodel(), BatchSession.PLAIN, true));
    }
    // Elsewhere (H2, say) the generated JPQL: H2 locks every row a FOR UPDATE query reads before it applies the
    // limit, which made locked batches about twenty times slower here.
    return shapes;
  }

  /**
   * The bound on a batch for the factory's database: its bind-parameter limit, whether Hibernate pads IN lists, and the
   * id's columns as Hibernate maps them; empty when the factory is not Hibernate's.
   */
  public static Optional<BatchBound> batchBound(EntityManagerFactory emf) {
    SessionFactoryImplementor factory = hibernate(emf);
    if (factory == null) {
      return Optional.empty();
    }
    Dialect dialect = factory.getJdbcServices().getDialect();
    String database;
    int limit = BatchBound.DEFAULT_PARAMETER_LIMIT;
    if (dialect instanceof PostgreSQLDialect) {
      database = "PostgreSQL"; // the driver counts a statement's parameters in 16 bits
    } else if (dialect instanceof MariaDBDialect) {
      database = "MariaDB"; // the server's prepared statements take at most 65,535 placeholders
    } else if (dialect instanceof MySQLDialect) {
      database = "MySQL";
    } else {
      database = dialect.getClass().getSimpleName().replace("Dialect", "");
      if (dialect.getParameterCountLimit() > 0) {
        limit = Math.min(limit, dialect.getParameterCountLimit());
      }
    }
    boolean padded = factory.getSessionFactoryOptions().inClauseParameterPaddingEnabled();
    return Optional.of(new BatchBound(database, limit, padded, pass -> factory.getMappingMetamodel()
        .getEntityDescriptor(pass.entityType()).getIdentifierMapping().getJdbcTypeCount()));
  }

  private static SessionFactoryImplementor hibernate(EntityManagerFactory emf) {
    try {
      return emf.unwrap(SessionFactoryImplementor.class);
    } catch (PersistenceException | IllegalArgumentException notHibernate) {
      return null;
    }
  }
}
