package dev.retention.runtime.internal.tenant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.eclipse.persistence.annotations.Multitenant;
import org.hibernate.annotations.TenantId;
import org.junit.jupiter.api.Test;

/**
 * The entities whose rows carry their tenant in a column the provider fills and filters are found by their
 * annotations' names: Hibernate's {@code @TenantId} on a field, a getter or a superclass's; EclipseLink's
 * {@code @Multitenant} on the class or a superclass.
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
  void eclipseLinksMultitenantMakesTheFactoryMultiTenantThroughItsTenantProperty() {
    Tenancy tenancy = TenantColumns.eclipseLink(List.of(Plain.class, EclipseLinkTenant.class,
        EclipseLinkInherited.class)).orElseThrow();

    assertTrue(tenancy.multiTenant());
    assertEquals(Optional.of("eclipselink.tenant-id"), tenancy.tenantProperty());
    assertEquals(List.of(EclipseLinkTenant.class.getName(), EclipseLinkInherited.class.getName()),
        tenancy.discriminated());
    assertTrue(tenancy.description().startsWith("EclipseLink's @Multitenant on "), tenancy::description);
    assertEquals(Optional.empty(), TenantColumns.eclipseLink(List.of(Plain.class, OnField.class)));
  }
}
