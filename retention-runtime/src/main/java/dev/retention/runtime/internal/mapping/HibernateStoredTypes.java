package dev.retention.runtime.internal.mapping;

import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.internal.mapping.StoredTypes.StoredForm;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import java.util.Optional;
import org.hibernate.Version;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.metamodel.mapping.AttributeMapping;
import org.hibernate.type.descriptor.jdbc.JdbcType;

/**
 * Hibernate's side of {@link StoredTypes}: Hibernate 6.6 and 7 map every supported type as a date, unless the
 * mapping asks for bytes ({@code @JdbcTypeCode(SqlTypes.VARBINARY)}, {@code @Lob}, a converter to {@code byte[]}).
 */
final class HibernateStoredTypes {

  private HibernateStoredTypes() {}

  static Optional<StoredForm> storedAs(EntityManagerFactory emf, RetentionPass pass) {
    SessionFactoryImplementor factory;
    try {
      factory = emf.unwrap(SessionFactoryImplementor.class);
    } catch (PersistenceException | IllegalArgumentException notHibernate) {
      return Optional.empty();
    }
    AttributeMapping attribute = factory.getMappingMetamodel().getEntityDescriptor(pass.entityType())
        .findAttributeMapping(pass.ttlAttribute());
    if (attribute == null || attribute.getJdbcTypeCount() != 1) {
      return Optional.empty();
    }
    JdbcType jdbcType = attribute.getSingleJdbcMapping().getJdbcType();
    if (jdbcType.isBinary()) {
      return Optional.of(new StoredForm("Hibernate " + Version.getVersionString(),
          "as bytes (" + jdbcType.getFriendlyName() + ")"));
    }
    return Optional.empty();
  }

  /** The column type of {@code entity.attribute} when Hibernate stores it as text; empty otherwise. */
  static Optional<String> storedAsText(EntityManagerFactory emf, Class<?> entity, String attribute) {
    SessionFactoryImplementor factory;
    try {
      factory = emf.unwrap(SessionFactoryImplementor.class);
    } catch (PersistenceException | IllegalArgumentException notHibernate) {
      return Optional.empty();
    }
    AttributeMapping mapped = factory.getMappingMetamodel().getEntityDescriptor(entity).findAttributeMapping(attribute);
    if (mapped == null || mapped.getJdbcTypeCount() != 1) {
      return Optional.empty();
    }
    JdbcType jdbcType = mapped.getSingleJdbcMapping().getJdbcType();
    return jdbcType.isString() ? Optional.of(jdbcType.getFriendlyName()) : Optional.empty();
  }
}
