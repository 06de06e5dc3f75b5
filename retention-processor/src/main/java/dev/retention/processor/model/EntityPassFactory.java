package dev.retention.processor.model;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import dev.retention.processor.reading.Annotations;
import dev.retention.processor.reading.EntityElements;
import dev.retention.processor.reading.TtlMember;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * Turns an entity that passed every check into the model of its pass: names, types, id and delete strategy. Checks
 * come first, so that here nothing can be missing.
 */
public final class EntityPassFactory {

  private final Types types;
  private final IdReader ids;

  public EntityPassFactory(Types types) {
    this.types = types;
    this.ids = new IdReader(types);
  }

  /** The model of the entity's pass; {@code generatedAnnotation} says whether {@code @Generated} may be used. */
  public EntityPass model(EntityElements read, boolean generatedAnnotation) {
    TypeElement entity = read.entity();
    TtlMember member = read.ttlMember();
    TypeMirror type = member.typeIn(entity, types);
    TtlAttribute attribute = new TtlAttribute(
        member.attributeName(),
        member.temporalType(type).orElseThrow(),
        // A primitive epoch attribute (long, int) is a type argument of the pass, so boxed.
        TypeName.get(types.erasure(type)).box(),
        member.expireAfterSeconds().orElseThrow(),
        member.declaringType().getSimpleName().toString(),
        member.isMethod(),
        member.condition().orElse(null));
    ScopeAttribute scope = read.scopeMember()
        .map(it -> new ScopeAttribute(it.attributeName(), it.declaringType().getSimpleName().toString(),
            !it.typeIn(entity, types).getKind().isPrimitive()))
        .orElse(null);
    EntityId id = ids.read(read.hierarchy()).orElseThrow();
    ClassName entityClass = ClassName.get(entity);
    ClassName passClass = ClassName.get(entityClass.packageName(),
        String.join("_", entityClass.simpleNames()) + "RetentionPass");
    return new EntityPass(entityClass, entityName(entity), passClass, attribute, scope, id,
        RemovalNeeds.decide(read.hierarchy(), id.kind() == EntityId.Kind.ID_CLASS), generatedAnnotation);
  }

  /**
   * The entity's name in JPQL: {@code @Entity(name)}, else the class name without its package, which for a nested
   * class is its binary name ({@code Outer$Inner}), as Hibernate names it.
   */
  private static String entityName(TypeElement entity) {
    return Annotations.find(entity, Annotations.ENTITY)
        .map(annotation -> Annotations.stringValue(annotation, "name", ""))
        .filter(name -> !name.isEmpty())
        .orElse(String.join("$", ClassName.get(entity).simpleNames()));
  }
}
