package dev.retention.runtime.internal.tenant;

import dev.retention.runtime.RetentionConfigurationException;
import java.lang.annotation.Annotation;
import java.lang.reflect.AccessibleObject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The entities whose rows carry their tenant in a column the provider fills and filters, read from their annotations
 * by name, so that neither provider need be on the class path: Hibernate's {@code @TenantId} on an attribute,
 * EclipseLink's {@code @Multitenant} on the class (whose descriptors, where they can be read, say more:
 * {@code tenant.eclipselink.EclipseLinkTenancy}); and the one property EclipseLink's entities name their tenant by.
 */
public final class TenantColumns {

  static final String HIBERNATE_TENANT_ID = "org.hibernate.annotations.TenantId";
  static final String ECLIPSELINK_MULTITENANT = "org.eclipse.persistence.annotations.Multitenant";

  private TenantColumns() {}

  /** Those of {@code entities} with a {@code @TenantId} attribute, by name. */
  public static List<String> hibernate(List<Class<?>> entities) {
    List<String> found = new ArrayList<>();
    for (Class<?> entity : entities) {
      for (Class<?> type = entity; type != null && type != Object.class; type = type.getSuperclass()) {
        if (annotated(type.getDeclaredFields()) || annotated(type.getDeclaredMethods())) {
          found.add(entity.getName());
          break;
        }
      }
    }
    return found;
  }

  /**
   * The attribute of {@code entity} (or a superclass) annotated {@code @TenantId}, by its name as the mapping names it
   * (a field's name, a getter's property); empty when none is.
   */
  public static Optional<String> hibernateAttribute(Class<?> entity) {
    for (Class<?> type = entity; type != null && type != Object.class; type = type.getSuperclass()) {
      for (java.lang.reflect.Field field : type.getDeclaredFields()) {
        if (named(field.getDeclaredAnnotations(), HIBERNATE_TENANT_ID)) {
          return Optional.of(field.getName());
        }
      }
      for (java.lang.reflect.Method method : type.getDeclaredMethods()) {
        if (named(method.getDeclaredAnnotations(), HIBERNATE_TENANT_ID)) {
          String name = method.getName().replaceFirst("^(get|is)", "");
          return name.isEmpty() ? Optional.empty()
              : Optional.of(Character.toLowerCase(name.charAt(0)) + name.substring(1));
        }
      }
    }
    return Optional.empty();
  }

  /**
   * An entity EclipseLink maps {@code @Multitenant}, as its descriptor says.
   *
   * @param entity the entity's class name
   * @param column whether its rows carry their tenant in a column of a shared table ({@code SINGLE_TABLE}), rather than
   *     a table or schema of their own per tenant ({@code TABLE_PER_TENANT})
   * @param strategy how it keeps tenants apart, for the start line: "SINGLE_TABLE, tenant column TENANT_ID"
   * @param properties the properties of an entity manager it reads its tenant from
   */
  public record MultitenantEntity(String entity, boolean column, String strategy, List<String> properties) {

    public MultitenantEntity {
      properties = List.copyOf(properties);
    }
  }

  /**
   * EclipseLink's tenancy of a factory whose {@code @Multitenant} entities are {@code entities}, swept through the one
   * property they all read their tenant from; empty when there is none.
   *
   * @throws RetentionConfigurationException when they read it from different properties: a sweep names its tenant by
   *     one, and a property the runtime does not set would leave an entity's sessions without their tenant
   */
  public static Optional<Tenancy> eclipseLink(List<MultitenantEntity> entities) {
    if (entities.isEmpty()) {
      return Optional.empty();
    }
    Map<String, List<String>> byProperty = new TreeMap<>();
    entities.forEach(entity -> entity.properties().forEach(property ->
        byProperty.computeIfAbsent(property, any -> new ArrayList<>()).add(entity.entity())));
    if (byProperty.size() != 1) {
      throw new RetentionConfigurationException(List.of("The EntityManagerFactory's @Multitenant entities read their"
          + " tenant from different properties (" + byProperty.entrySet().stream()
          .map(named -> named.getKey() + ": " + String.join(", ", named.getValue())).collect(Collectors.joining("; "))
          + "), and the runtime opens each tenant's sessions with one. Give every @TenantDiscriminatorColumn and"
          + " @TenantTableDiscriminator of the factory the same contextProperty, or keep the entities of each property"
          + " in a factory of their own, each with its own runtime"));
    }
    String property = byProperty.keySet().iterator().next();
    return Optional.of(new Tenancy(true, "EclipseLink's @Multitenant on " + entities.stream()
        .map(entity -> entity.entity() + " (" + entity.strategy() + ")").collect(Collectors.joining(", "))
        + ", its tenant named by the property " + property, Optional.of(property),
        entities.stream().filter(MultitenantEntity::column).map(MultitenantEntity::entity).toList()));
  }

  /**
   * Those of {@code entities} marked {@code @Multitenant} (on the class or a superclass), by name, for a factory whose
   * descriptors cannot be read; taken to read their tenant from {@code eclipselink.tenant-id}, EclipseLink's default.
   */
  public static List<MultitenantEntity> eclipseLinkAnnotated(List<Class<?>> entities) {
    List<MultitenantEntity> found = new ArrayList<>();
    for (Class<?> entity : entities) {
      for (Class<?> type = entity; type != null && type != Object.class; type = type.getSuperclass()) {
        if (named(type.getDeclaredAnnotations(), ECLIPSELINK_MULTITENANT)) {
          found.add(new MultitenantEntity(entity.getName(), false, "its descriptor unread",
              List.of(Tenancy.ECLIPSELINK_TENANT)));
          break;
        }
      }
    }
    return found;
  }

  private static boolean annotated(AccessibleObject[] members) {
    return Arrays.stream(members).anyMatch(member -> named(member.getDeclaredAnnotations(), HIBERNATE_TENANT_ID));
  }

  private static boolean named(Annotation[] annotations, String name) {
    return Arrays.stream(annotations).anyMatch(annotation -> annotation.annotationType().getName().equals(name));
  }
}
