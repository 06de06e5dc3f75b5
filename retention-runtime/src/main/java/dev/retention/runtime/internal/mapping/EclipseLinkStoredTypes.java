package dev.retention.runtime.internal.mapping;

import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.internal.mapping.StoredTypes.StoredForm;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import java.sql.Blob;
import java.util.Optional;
import org.eclipse.persistence.Version;
import org.eclipse.persistence.descriptors.ClassDescriptor;
import org.eclipse.persistence.jpa.JpaEntityManagerFactory;
import org.eclipse.persistence.mappings.DatabaseMapping;
import org.eclipse.persistence.mappings.converters.SerializedObjectConverter;
import org.eclipse.persistence.mappings.foundation.AbstractDirectMapping;

/** EclipseLink's side of {@link StoredTypes}: its descriptors say which attribute it serializes. */
final class EclipseLinkStoredTypes {

  private EclipseLinkStoredTypes() {}

  static Optional<StoredForm> storedAs(EntityManagerFactory emf, RetentionPass pass) {
    JpaEntityManagerFactory factory;
    try {
      factory = emf.unwrap(JpaEntityManagerFactory.class);
    } catch (PersistenceException | IllegalArgumentException notEclipseLink) {
      return Optional.empty();
    }
    ClassDescriptor descriptor = factory.getServerSession().getDescriptor(pass.entityType());
    DatabaseMapping mapping = descriptor == null ? null : descriptor.getMappingForAttributeName(pass.ttlAttribute());
    if (!(mapping instanceof AbstractDirectMapping column)) {
      return Optional.empty();
    }
    String provider = "EclipseLink " + Version.getVersion();
    if (column.getConverter() instanceof SerializedObjectConverter) {
      return Optional.of(new StoredForm(provider, "as serialized bytes"));
    }
    Class<?> field = column.getFieldClassification();
    if (field == byte[].class || field == Byte[].class || field != null && Blob.class.isAssignableFrom(field)) {
      return Optional.of(new StoredForm(provider, "as bytes (" + field.getSimpleName() + ")"));
    }
    return Optional.empty();
  }

  /** The field type of {@code entity.attribute} when EclipseLink stores it as text; empty otherwise. */
  static Optional<String> storedAsText(EntityManagerFactory emf, Class<?> entity, String attribute) {
    JpaEntityManagerFactory factory;
    try {
      factory = emf.unwrap(JpaEntityManagerFactory.class);
    } catch (PersistenceException | IllegalArgumentException notEclipseLink) {
      return Optional.empty();
    }
    ClassDescriptor descriptor = factory.getServerSession().getDescriptor(entity);
    DatabaseMapping mapping = descriptor == null ? null : descriptor.getMappingForAttributeName(attribute);
    if (mapping instanceof AbstractDirectMapping column) {
      Class<?> field = column.getFieldClassification();
      if (field != null && CharSequence.class.isAssignableFrom(field)) {
        return Optional.of(field.getSimpleName());
      }
    }
    return Optional.empty();
  }
}
