package dev.retention.processor.model;

import com.palantir.javapoet.TypeName;

/**
 * How an entity is identified.
 *
 * @param kind simple, embedded or {@code @IdClass}
 * @param attribute the id attribute's name; for an {@code @IdClass} id, the first of its attributes
 * @param javaType the id's Java type, boxed: the attribute's for a simple or embedded id, the id class for
 *     {@code @IdClass}
 */
public record EntityId(Kind kind, String attribute, TypeName javaType) {

  /** The ways JPA lets an entity declare its id. */
  public enum Kind {
    /** One {@code @Id} attribute of a basic type. */
    SIMPLE,
    /** One {@code @EmbeddedId} attribute. */
    EMBEDDED,
    /** Several {@code @Id} attributes with an {@code @IdClass}. */
    ID_CLASS
  }
}
