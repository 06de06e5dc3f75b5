package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.shape.NativeShapes;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hibernate.dialect.Dialect;
import org.hibernate.dialect.MySQLDialect;
import org.hibernate.dialect.PostgreSQLDialect;
import org.hibernate.engine.spi.SessionFactoryImplementor;

/**
 * The native shapes for a Hibernate {@code EntityManagerFactory}, chosen from the dialect it reports. Only this
 * package refers to Hibernate's statements, and it is loaded only when Hibernate is present.
 */
public final class HibernateShapes {

  private HibernateShapes() {}

  /**
   * Why {@code pass} cannot be swept on the factory: its entity is Hibernate's {@code @SoftDelete}, whose rows only
   * native statements purge, and they cannot state the pass (or are not allowed: {@code portableStatements}); empty
   * when it can be swept.
   */
  public static Optional<String> refusal(EntityManagerFactory emf, PassModel pass, boolean portableOnly,
      boolean hooked) {
    SessionFactoryImplementor factory;
    try {
      factory = emf.unwrap(SessionFactoryImplementor.class);
    } catch (PersistenceException | IllegalArgumentException notHibernate) {
      return Optional.empty();
    }
    SoftDeletePurge purge = new SoftDeletePurge(factory);
    Optional<String> refused = purge.refusal(pass);
    if (refused.isEmpty() && (portableOnly || hooked) && PlainHierarchy.softDeleted(factory, pass.entityType())) {
      return Optional.of("its entity is Hibernate's @SoftDelete, whose rows only native statements purge, and "
          + (hooked ? "it has a before-delete hook, whose JPQL would only mark the rows it is given"
              : "the runtime is held to portable statements (portableStatements(true))"));
    }
    return refused;
  }

  /** The shapes the factory's database allows, fastest first; none when the factory is not Hibernate's. */
  public static List<NativeShapes> forFactory(EntityManagerFactory emf) {
    SessionFactoryImplementor factory;
    try {
      factory = emf.unwrap(SessionFactoryImplementor.class);
    } catch (PersistenceException | IllegalArgumentException notHibernate) {
      return List.of();
    }
    Dialect dialect = factory.getJdbcServices().getDialect();
    List<NativeShapes> shapes = new ArrayList<>();
    // First: no other shape purges a @SoftDelete entity, and it takes no other entity.
    shapes.add(new SoftDeletePurge(factory));
    if (dialect instanceof PostgreSQLDialect) {
      PostgresCtidShape ctid = new PostgresCtidShape(factory);
      SkipLockedShape skipLocked = new SkipLockedShape(factory, emf.getMetamodel(), BatchSession.ASYNCHRONOUS_COMMIT,
          false);
      // Large batches only: at 500 rows the range statement was slower than the ctid statement here.
      shapes.add(new RangeShapes(factory, RangeShapes.LockWait.POSTGRESQL, List.of(ctid, skipLocked)));
      shapes.add(ctid);
      shapes.add(skipLocked);
    } else if (dialect instanceof MySQLDialect && dialect.supportsSkipLocked()) {
      // MariaDB and MySQL, at their own REPEATABLE READ: READ COMMITTED halved the drain here. When statistics say
      // the table is small, MariaDB runs a delete by ids as a scan that waits on every row others hold, so the
      // locked rows go by primary key alone where they can.
      // Integer keys only (IntegerKeysOnly): on a string key the portable JPQL was the faster statement.
      NativeShapes skipLocked = new IntegerKeysOnly(
          new SkipLockedShape(factory, emf.getMetamodel(), BatchSession.PLAIN, true), emf.getMetamodel());
      shapes.add(new RangeShapes(factory, RangeShapes.LockWait.INNODB, List.of(skipLocked)));
      shapes.add(skipLocked);
      // Text and composite keys, which the two above decline: the portable selection, then one native delete by the
      // keys' columns, measured faster there than the portable JPQL (KeyShapes; a UUID key was not measured).
      shapes.add(new KeyShapes(new NativeKeyDelete(factory), emf.getMetamodel()));
    }
    // Elsewhere (H2, say) the portable JPQL: H2 locks every row a FOR UPDATE query reads before it applies the
    // limit, which made locked batches about twenty times slower here.
    return shapes;
  }
}
