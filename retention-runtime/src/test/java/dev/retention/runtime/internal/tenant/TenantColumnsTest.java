package dev.retention.runtime.internal.tenant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.runtime.RetentionConfigurationException;
import java.util.List;
import java.util.Optional;
import org.eclipse.persistence.annotations.Multitenant;
import org.hibernate.annotations.TenantId;
import org.junit.jupiter.api.Test;

/**
 * The entities whose rows carry their tenant in a column the provider fills and filters are found by their
 * annotations' names: Hibernate's {@code @TenantId} on a field, a getter or a superclass's; EclipseLink's
 * {@code @Multitenant} on the class or a superclass. EclipseLink's entities are swept through the one property their
 * mapping names, or refused when they name several.
 */
class TenantColumnsTest {

  static class Plain {
    Long id;
  }

  static class OnField {
    @TenantId
    String tenant;
  }

  static class OnGetter {
    private String tenant;

    @TenantId
    public String getTenant() {
      return tenant;
    }
  }

  static class Inherited extends OnField {}

  @Multitenant
  static class EclipseLinkTenant {}

  static class EclipseLinkInherited extends EclipseLinkTenant {}

  @Test
  void hibernatesTenantIdIsFoundOnAFieldAGetterOrASuperclass() {
    assertEquals(List.of(OnField.class.getName(), OnGetter.class.getName(), Inherited.class.getName()),
        TenantColumns.hibernate(List.of(Plain.class, OnField.class, OnGetter.class, Inherited.class)));
  }

  @Test
  void eclipseLinksMultitenantIsFoundOnTheClassOrASuperclassTakenToReadItsDefaultProperty() {
    List<TenantColumns.MultitenantEntity> found = TenantColumns.eclipseLinkAnnotated(List.of(Plain.class,
        EclipseLinkTenant.class, EclipseLinkInherited.class, OnField.class));

    assertEquals(List.of(EclipseLinkTenant.class.getName(), EclipseLinkInherited.class.getName()),
        found.stream().map(TenantColumns.MultitenantEntity::entity).toList());
    found.forEach(entity -> assertEquals(List.of("eclipselink.tenant-id"), entity.properties()));
    assertEquals(Optional.empty(), TenantColumns.eclipseLink(List.of()));
  }

  @Test
  void eclipseLinksEntitiesAreSweptThroughThePropertyTheirMappingNames() {
    Tenancy tenancy = TenantColumns.eclipseLink(List.of(
        new TenantColumns.MultitenantEntity("com.acme.Note", true, "SINGLE_TABLE, tenant column TENANT",
            List.of("app.tenant")),
        new TenantColumns.MultitenantEntity("com.acme.Log", false, "TABLE_PER_TENANT, a schema per tenant",
            List.of("app.tenant")))).orElseThrow();

    assertTrue(tenancy.multiTenant());
    assertEquals(Optional.of("app.tenant"), tenancy.tenantProperty());
    assertEquals(List.of("com.acme.Note"), tenancy.discriminated(), "only the rows in a shared table carry a column");
    assertEquals("EclipseLink's @Multitenant on com.acme.Note (SINGLE_TABLE, tenant column TENANT), com.acme.Log"
        + " (TABLE_PER_TENANT, a schema per tenant), its tenant named by the property app.tenant",
        tenancy.description());
  }

  /** A sweep opens its sessions with one property: entities that read others would be swept with no tenant. */
  @Test
  void eclipseLinksEntitiesNamingDifferentPropertiesAreRefusedNamingThemAndTheFix() {
    RetentionConfigurationException refused = assertThrows(RetentionConfigurationException.class,
        () -> TenantColumns.eclipseLink(List.of(
            new TenantColumns.MultitenantEntity("com.acme.Note", true, "SINGLE_TABLE", List.of("app.tenant")),
            new TenantColumns.MultitenantEntity("com.acme.Log", true, "SINGLE_TABLE",
                List.of("eclipselink.tenant-id")))));

    assertTrue(refused.getMessage().contains("read their tenant from different properties (app.tenant: com.acme.Note;"
        + " eclipselink.tenant-id: com.acme.Log)"), refused::getMessage);
    assertTrue(refused.getMessage().contains("the same contextProperty"), refused::getMessage);
  }
}
