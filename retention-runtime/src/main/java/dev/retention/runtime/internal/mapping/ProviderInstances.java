package dev.retention.runtime.internal.mapping;

import jakarta.persistence.EntityManagerFactory;
import java.util.Optional;

/**
 * What the application's reads need of the provider beyond JPA, asked of its own model when it is present: the entity
 * behind a proxy (Hibernate's lazy references are subclasses whose own fields hold nothing; EclipseLink weaves the
 * entity class itself and has no such proxies), and whether an attribute is stored as text, which the database
 * compares as text (an {@code AttributeConverter} to a {@code String}), not as the values it stands for.
 */
public final class ProviderInstances {

  private ProviderInstances() {}

  /**
   * The entity instance {@code instance} stands for: itself, or the implementation behind a Hibernate proxy the
   * provider has initialised. The caller checked that it is loaded.
   */
  public static Object unproxy(Object instance) {
    if (!StoredTypes.present(StoredTypes.HIBERNATE)) {
      return instance;
    }
    try {
      return HibernateInstances.unproxy(instance);
    } catch (LinkageError otherHibernate) {
      return instance; // a Hibernate without HibernateProxy as 6.6 and 7 have it: no proxy of it reaches here
    }
  }

  /**
   * How the provider stores {@code entity.attribute} when it stores it as text (its column type), for an attribute of
   * another Java type; empty when it stores a date or a number, or cannot tell.
   */
  public static Optional<String> storedAsText(EntityManagerFactory emf, Class<?> entity, String attribute) {
    if (StoredTypes.present(StoredTypes.ECLIPSELINK)) {
      Optional<String> text = EclipseLinkStoredTypes.storedAsText(emf, entity, attribute);
      if (text.isPresent()) {
        return text;
      }
    }
    if (StoredTypes.present(StoredTypes.HIBERNATE)) {
      try {
        return HibernateStoredTypes.storedAsText(emf, entity, attribute);
      } catch (LinkageError otherHibernate) {
        return Optional.empty();
      }
    }
    return Optional.empty();
  }
}
