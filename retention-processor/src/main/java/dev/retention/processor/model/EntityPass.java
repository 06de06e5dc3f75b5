package dev.retention.processor.model;

import com.palantir.javapoet.ClassName;

/**
 * Everything the writer needs to generate the retention pass of one entity. Read once from the elements; the writer
 * asks javac nothing more.
 *
 * @param entity the entity class
 * @param entityName the entity's name in JPQL
 * @param passClass the class to generate
 * @param attribute the {@code @Ttl} attribute
 * @param scope the {@code @TtlScope} attribute, or null when the rows are swept all together
 * @param id the entity's id
 * @param strategy how rows are deleted, and why
 * @param generatedAnnotation whether {@code @Generated} can be used in the entity's package
 */
public record EntityPass(
    ClassName entity,
    String entityName,
    ClassName passClass,
    TtlAttribute attribute,
    ScopeAttribute scope,
    EntityId id,
    Strategy strategy,
    boolean generatedAnnotation) {

  /** The pass's name at run time: the entity's canonical class name. */
  public String passName() {
    return entity.canonicalName();
  }

  /**
   * How the pass deletes, and the reason in words: what in the entity calls for loading each row, or that nothing
   * does.
   */
  public record Strategy(Kind kind, String reason) {

    /** Mirrors {@code dev.retention.runtime.DeleteStrategy}. */
    public enum Kind { BULK_STATEMENTS, ENTITY_REMOVAL }

    public boolean removesEntities() {
      return kind == Kind.ENTITY_REMOVAL;
    }
  }
}
