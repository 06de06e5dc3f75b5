package dev.retention.processor.model;

/**
 * The {@code @TtlScope} attribute of an entity, by which its rows are swept scope by scope.
 *
 * @param name the attribute's name in JPQL: the field's name, or the property's for a getter
 * @param declaringClass the simple name of the class that declares it (the entity or a mapped superclass)
 * @param nullable whether it can be null: false for a {@code long}, {@code int} or {@code short}
 */
public record ScopeAttribute(String name, String declaringClass, boolean nullable) {}
