package dev.retention.runtime.internal.mapping;

import dev.retention.runtime.RetentionPass;
import jakarta.persistence.EntityManagerFactory;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Checks at {@code build()} that the provider stores every pass's {@code @Ttl} attribute as a date. A JPA 3.1
 * provider that has no mapping for a type serializes it (EclipseLink 4 does so with {@code java.time.Instant}): the
 * column then holds bytes, which a database compares and orders as bytes, so a cutoff would pick arbitrary rows, and
 * the lag query fails ({@code min(bytea)} on PostgreSQL). JPA's metamodel cannot tell; the provider's own model can,
 * and is asked only when that provider is present.
 */
public final class StoredTypes {

  private static final System.Logger LOGGER = System.getLogger(StoredTypes.class.getName());
  static final String ECLIPSELINK = "org.eclipse.persistence.jpa.JpaEntityManagerFactory";
  static final String HIBERNATE = "org.hibernate.engine.spi.SessionFactoryImplementor";

  private StoredTypes() {}

  /** One problem per pass whose attribute the factory's provider does not store as a date. */
  public static List<String> problems(EntityManagerFactory emf, List<? extends RetentionPass> passes) {
    List<String> problems = new ArrayList<>();
    for (RetentionPass pass : passes) {
      storedAs(emf, pass).ifPresent(how -> problems.add("Pass " + pass.name() + ": " + how.provider()
          + " stores the @Ttl attribute " + pass.entityType().getSimpleName() + "." + pass.ttlAttribute() + " ("
          + javaType(emf, pass) + ") " + how.form() + ", not as a date, so it cannot be compared with a cutoff."
          + " Give it a"
          + " type this provider maps as a date (a JPA 3.1 provider maps java.util.Date, Calendar, java.sql types,"
          + " LocalDate, LocalDateTime and OffsetDateTime; Instant needs JPA 3.2), or an AttributeConverter to one"));
    }
    return problems;
  }

  private static Optional<StoredForm> storedAs(EntityManagerFactory emf, RetentionPass pass) {
    if (present(ECLIPSELINK)) {
      Optional<StoredForm> form = EclipseLinkStoredTypes.storedAs(emf, pass);
      if (form.isPresent()) {
        return form;
      }
    }
    if (present(HIBERNATE)) {
      try {
        return HibernateStoredTypes.storedAs(emf, pass);
      } catch (LinkageError otherHibernate) {
        // A Hibernate whose mapping model differs from 6.6's and 7's: every version maps the supported types as dates.
        LOGGER.log(Level.INFO, () -> "Retention cannot read how this Hibernate version stores " + pass.name() + "."
            + pass.ttlAttribute() + " (" + otherHibernate + "); it is taken to be a date, as Hibernate maps it");
      }
    }
    return Optional.empty();
  }

  /** How a provider stores an attribute that is not a date. */
  record StoredForm(String provider, String form) {}

  private static String javaType(EntityManagerFactory emf, RetentionPass pass) {
    return emf.getMetamodel().entity(pass.entityType()).getAttribute(pass.ttlAttribute()).getJavaType().getName();
  }

  static boolean present(String className) {
    try {
      Class.forName(className, false, StoredTypes.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError absent) {
      return false;
    }
  }
}
