package dev.retention.runtime.internal.tenant.hibernate;

import dev.retention.runtime.internal.tenant.Tenancy;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import java.util.List;
import java.util.Optional;
import org.hibernate.engine.jdbc.connections.spi.MultiTenantConnectionProvider;
import org.hibernate.engine.spi.SessionFactoryImplementor;

/**
 * Whether a Hibernate factory's sessions belong to a tenant: its options say multi-tenancy is on (a
 * {@code MultiTenantConnectionProvider}, Hibernate 7's schema mapper, a {@code CurrentTenantIdentifierResolver} for
 * {@code @TenantId}), or an entity has a {@code @TenantId} attribute.
 */
public final class HibernateTenancy {

  private HibernateTenancy() {}

  /**
   * What Hibernate says of {@code emf}'s tenants; empty when it is not Hibernate's.
   *
   * @param discriminated the managed entities with a {@code @TenantId} attribute, by name
   */
  public static Optional<Tenancy> of(EntityManagerFactory emf, List<String> discriminated) {
    SessionFactoryImplementor factory;
    try {
      factory = emf.unwrap(SessionFactoryImplementor.class);
    } catch (PersistenceException | IllegalArgumentException notHibernate) {
      return Optional.empty();
    }
    // Hibernate 7's schema and credentials mappers switch each session's schema or user on the ordinary connections,
    // without turning its multi-tenancy option on: asked apart.
    boolean enabled = factory.getSessionFactoryOptions().isMultiTenancyEnabled() || schemaMapper(factory)
        || credentialsMapper(factory);
    if (!enabled && discriminated.isEmpty()) {
      return Optional.of(Tenancy.NONE);
    }
    StringBuilder how = new StringBuilder("Hibernate's multi-tenancy");
    if (connectionsPerTenant(factory)) {
      how.append(": a schema or a database per tenant, through its MultiTenantConnectionProvider");
    } else if (schemaMapper(factory)) {
      how.append(": a schema per tenant, through its schema mapper");
    } else if (credentialsMapper(factory)) {
      how.append(": a database user per tenant, through its credentials mapper");
    }
    if (!discriminated.isEmpty()) {
      how.append(how.indexOf(":") >= 0 ? "; " : ": ")
          .append("@TenantId on ").append(String.join(", ", discriminated));
    }
    return Optional.of(new Tenancy(true, how.toString(), Optional.of(Tenancy.HIBERNATE_TENANT), discriminated));
  }

  private static boolean connectionsPerTenant(SessionFactoryImplementor factory) {
    try {
      return factory.getServiceRegistry().getService(MultiTenantConnectionProvider.class) != null;
    } catch (RuntimeException notRegistered) {
      return false;
    }
  }

  /** Hibernate 7.4's credentials mapper; false on a version without one. */
  private static boolean credentialsMapper(SessionFactoryImplementor factory) {
    try {
      return factory.getSessionFactoryOptions().getTenantCredentialsMapper() != null;
    } catch (LinkageError olderHibernate) {
      return false;
    }
  }

  /** Hibernate 7.2's schema mapper; false on a version without one. */
  private static boolean schemaMapper(SessionFactoryImplementor factory) {
    try {
      return factory.getSessionFactoryOptions().getTenantSchemaMapper() != null;
    } catch (LinkageError olderHibernate) {
      return false;
    }
  }
}
