package dev.retention.runtime.internal.tenant.eclipselink;

import dev.retention.runtime.internal.tenant.Tenancy;
import dev.retention.runtime.internal.tenant.TenantColumns.MultitenantEntity;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.eclipse.persistence.descriptors.ClassDescriptor;
import org.eclipse.persistence.descriptors.MultitenantPolicy;
import org.eclipse.persistence.descriptors.SingleTableMultitenantPolicy;
import org.eclipse.persistence.descriptors.TablePerMultitenantPolicy;
import org.eclipse.persistence.descriptors.VPDMultitenantPolicy;
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
        found.add(inColumns(entity, columns));
      } else if (policy instanceof TablePerMultitenantPolicy tables) {
        found.add(inTables(entity, tables));
      }
    }
    return Optional.of(found);
  }

  /** Rows of every tenant in one table, told apart by tenant columns, each filled from a property of its own. */
  private static MultitenantEntity inColumns(Class<?> entity, SingleTableMultitenantPolicy policy) {
    Map<DatabaseField, String> fields = policy.getTenantDiscriminatorFields();
    String columns = String.join(", ", fields.keySet().stream().map(DatabaseField::getName).sorted().toList());
    return new MultitenantEntity(entity.getName(), true,
        (policy instanceof VPDMultitenantPolicy ? "VPD" : "SINGLE_TABLE") + ", tenant column " + columns,
        fields.values().stream().distinct().sorted().toList());
  }

  /** Rows of each tenant in a table of its own, found by the tenant the property names. */
  private static MultitenantEntity inTables(Class<?> entity, TablePerMultitenantPolicy policy) {
    String where = policy.isSchemaPerTable() ? "a schema" : policy.isPrefixPerTable() ? "a table name prefix"
        : "a table name suffix";
    return new MultitenantEntity(entity.getName(), false, "TABLE_PER_TENANT, " + where + " per tenant",
        List.of(Objects.requireNonNullElse(policy.getContextProperty(), Tenancy.ECLIPSELINK_TENANT)));
  }
}
