package dev.retention.runtime.internal.policy;

import dev.retention.runtime.internal.mapping.ProviderInstances;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.metamodel.Attribute;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Member;
import java.lang.reflect.Method;

/**
 * Reads one persistent attribute of an entity instance where the provider's metamodel says it lives: the field, or the
 * getter for property access. An instance the provider has not loaded (a lazy proxy) is refused: its fields hold
 * nothing yet, and a null date would read as live. A proxy the provider has loaded is read through the entity behind
 * it ({@link ProviderInstances#unproxy}), whose fields hold the values, never through the proxy's own.
 */
final class AttributeReader {

  private final EntityManagerFactory emf;
  private final Class<?> entity;
  private final String passName;
  private final String attribute;
  private final Member member;

  AttributeReader(EntityManagerFactory emf, Class<?> entity, String passName, String attribute) {
    this.emf = emf;
    this.entity = entity;
    this.passName = passName;
    this.attribute = attribute;
    Attribute<?, ?> mapped = emf.getMetamodel().entity(entity).getAttribute(attribute);
    this.member = mapped.getJavaMember();
    if (member instanceof Field field) {
      field.setAccessible(true);
    } else if (member instanceof Method method) {
      method.setAccessible(true);
    } else {
      throw new IllegalStateException("Pass " + passName + ": the provider gives no field or getter for "
          + entity.getName() + "." + attribute + " (" + member + ")");
    }
  }

  /**
   * The attribute's value in {@code instance}.
   *
   * @throws IllegalArgumentException when {@code instance} is no instance of the pass's entity, or not loaded
   */
  Object read(Object instance) {
    if (!entity.isInstance(instance)) {
      throw new IllegalArgumentException("Pass " + passName + " judges instances of " + entity.getName() + ", not "
          + (instance == null ? "null" : instance.getClass().getName()));
    }
    if (!emf.getPersistenceUnitUtil().isLoaded(instance, attribute)) {
      throw new IllegalArgumentException("Pass " + passName + ": this " + entity.getSimpleName()
          + " has not loaded its " + attribute + " (a lazy reference or attribute), so it cannot be judged;"
          + " load it first");
    }
    Object entityItself = ProviderInstances.unproxy(instance);
    try {
      return member instanceof Field field ? field.get(entityItself) : ((Method) member).invoke(entityItself);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("Pass " + passName + ": reading " + entity.getName() + "." + attribute
          + " failed", e);
    }
  }
}
