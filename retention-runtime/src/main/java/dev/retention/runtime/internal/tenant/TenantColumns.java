package dev.retention.runtime.internal.tenant;

import java.lang.annotation.Annotation;
import java.lang.reflect.AccessibleObject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The entities whose rows carry their tenant in a column the provider fills and filters, read from their annotations
 * by name, so that neither provider need be on the class path: Hibernate's {@code @TenantId} on an attribute,
 * EclipseLink's {@code @Multitenant} on the class.
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
   * EclipseLink's tenancy of {@code entities}: those marked {@code @Multitenant} (on the class or a superclass), swept
   * through its {@code eclipselink.tenant-id} property; empty when none is.
   */
  public static Optional<Tenancy> eclipseLink(List<Class<?>> entities) {
    List<String> found = new ArrayList<>();
    for (Class<?> entity : entities) {
      for (Class<?> type = entity; type != null && type != Object.class; type = type.getSuperclass()) {
        if (named(type.getDeclaredAnnotations(), ECLIPSELINK_MULTITENANT)) {
          found.add(entity.getName());
          break;
        }
      }
    }
    return found.isEmpty() ? Optional.empty() : Optional.of(new Tenancy(true, "EclipseLink's @Multitenant on "
        + String.join(", ", found), Optional.of(Tenancy.ECLIPSELINK_TENANT), found));
  }

  private static boolean annotated(AccessibleObject[] members) {
    return Arrays.stream(members).anyMatch(member -> named(member.getDeclaredAnnotations(), HIBERNATE_TENANT_ID));
  }

  private static boolean named(Annotation[] annotations, String name) {
    return Arrays.stream(annotations).anyMatch(annotation -> annotation.annotationType().getName().equals(name));
  }
}
