package dev.retention.processor.model;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import dev.retention.processor.reading.Annotations;
import dev.retention.processor.reading.Hierarchy;
import dev.retention.processor.reading.AnnotatedMember;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.PrimitiveType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/** Finds an entity's id: where it is declared (which also fixes the access type) and its kind and type. */
final class IdReader {

  private final Types types;

  IdReader(Types types) {
    this.types = types;
  }

  /** The entity's id, or empty when it declares none. */
  Optional<EntityId> read(Hierarchy hierarchy) {
    List<Element> members = hierarchy.idMembers();
    if (members.isEmpty()) {
      return Optional.empty();
    }
    Element first = members.get(0);
    String attribute = AnnotatedMember.attributeName(first);
    Optional<TypeMirror> idClass = idClass(hierarchy);
    if (idClass.isPresent() || members.size() > 1) {
      TypeName type = idClass.map(TypeName::get).orElse(ClassName.OBJECT);
      return Optional.of(new EntityId(EntityId.Kind.ID_CLASS, attribute, type));
    }
    TypeMirror memberType = types.asMemberOf((DeclaredType) hierarchy.self().asType(), first);
    if (first.getKind() == ElementKind.METHOD) {
      memberType = ((ExecutableType) memberType).getReturnType();
    }
    EntityId.Kind kind =
        Annotations.has(first, Annotations.EMBEDDED_ID) ? EntityId.Kind.EMBEDDED : EntityId.Kind.SIMPLE;
    return Optional.of(new EntityId(kind, attribute, boxed(memberType)));
  }

  private Optional<TypeMirror> idClass(Hierarchy hierarchy) {
    for (TypeElement type : hierarchy.classes()) {
      Optional<AnnotationMirror> idClass = Annotations.find(type, Annotations.ID_CLASS);
      if (idClass.isPresent()) {
        return Annotations.explicitValue(idClass.get(), "value").map(value -> (TypeMirror) value.getValue());
      }
    }
    return Optional.empty();
  }

  private TypeName boxed(TypeMirror type) {
    return type.getKind().isPrimitive()
        ? TypeName.get(types.boxedClass((PrimitiveType) type).asType())
        : TypeName.get(type);
  }
}
