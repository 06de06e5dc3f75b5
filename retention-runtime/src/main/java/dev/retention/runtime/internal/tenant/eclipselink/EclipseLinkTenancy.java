package dev.retention.runtime.internal.tenant.eclipselink;

import dev.retention.runtime.internal.tenant.TenantColumns.MultitenantEntity;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.persistence.descriptors.ClassDescriptor;
import org.eclipse.persistence.descriptors.MultitenantPolicy;
import org.eclipse.persistence.descriptors.SingleTableMultitenantPolicy;
import org.eclipse.persistence.descriptors.TablePerMultitenantPolicy;
import org.eclipse.persistence.internal.helper.DatabaseField;
import org.eclipse.persistence.jpa.JpaEntityManagerFactory;

/**
 * The {@code @Multitenant} entities of an EclipseLink factory, as its descriptors say once the mapping is read
 * (annotations, {@code eclipselink-orm.xml} and defaults alike): how each keeps its tenants apart and the property of
 * an entity manager each reads its tenant from ({@code @TenantDiscriminatorColumn(contextProperty = ...)},
 * {@code @TenantTableDiscriminator(contextProperty = ...)}, {@code eclipselink.tenant-id} by default).
 */
public final class EclipseLinkTenancy {

  private EclipseLinkTenancy() {}

  /** The multi-tenant ones among {@code entities}; empty when {@code emf} is not EclipseLink's. */
  public static Optional<List<MultitenantEntity>> of(EntityManagerFactory emf, List<Class<?>> entities) {
    JpaEntityManagerFactory factory;
    try {
      factory = emf.unwrap(JpaEntityManagerFactory.class);
    } catch (PersistenceException | IllegalArgumentException notEclipseLink) {
      return Optional.empty();
    }
    List<MultitenantEntity> found = new ArrayList<>();
    for (Class<?> entity : entities) {
      ClassDescriptor descriptor = factory.getServerSession().getDescriptor(entity);
      MultitenantPolicy policy = descriptor == null ? null : descriptor.getMultitenantPolicy();
      if (policy instanceof SingleTableMultitenantPolicy columns) {
        Map<DatabaseField, String> fields = columns.getTenantDiscriminatorFields();
        found.add(new MultitenantEntity(entity.getName(), true, "SINGLE_TABLE, tenant column "
            + String.join(", ", fields.keySet().stream().map(DatabaseField::getName).sorted().toList()),
            fields.values().stream().distinct().sorted().toList()));
      } else if (policy instanceof TablePerMultitenantPolicy tables) {
        found.add(new MultitenantEntity(entity.getName(), false, "TABLE_PER_TENANT, " + (tables.isSchemaPerTable()
            ? "a schema" : tables.isPrefixPerTable() ? "a table name prefix" : "a table name suffix") + " per tenant",
            List.of(tables.getContextProperty())));
      }
    }
    return Optional.of(found);
  }
}
