package dev.retention.processor.reading;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import dev.retention.processor.model.EntityId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
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

  /** The members annotated {@code @Id} or {@code @EmbeddedId} in the hierarchy, the entity's own first. */
  static List<Element> idMembers(Hierarchy hierarchy) {
    List<Element> members = new ArrayList<>();
    for (TypeElement type : hierarchy.classes()) {
      for (Element enclosed : type.getEnclosedElements()) {
        boolean attribute = enclosed.getKind() == ElementKind.FIELD || enclosed.getKind() == ElementKind.METHOD;
        if (attribute && (Annotations.has(enclosed, Annotations.ID)
            || Annotations.has(enclosed, Annotations.EMBEDDED_ID))) {
          members.add(enclosed);
        }
      }
    }
    return members;
  }

  /** The entity's id, or empty when it declares none. */
  Optional<EntityId> read(Hierarchy hierarchy) {
    List<Element> members = idMembers(hierarchy);
    if (members.isEmpty()) {
      return Optional.empty();
    }
    Element first = members.get(0);
    String attribute = first.getKind() == ElementKind.METHOD
        ? AttributeChecks.attributeName(new TtlMember(first, null))
        : first.getSimpleName().toString();
    Optional<TypeMirror> idClass = idClass(hierarchy);
    if (idClass.isPresent() || members.size() > 1) {
      TypeName type = idClass.map(TypeName::get).orElse(ClassName.OBJECT);
      return Optional.of(new EntityId(EntityId.Kind.ID_CLASS, attribute, type));
    }
    TypeMirror memberType = types.asMemberOf((DeclaredType) hierarchy.self().asType(), first);
    if (first.getKind() == ElementKind.METHOD) {
      memberType = ((ExecutableType) memberType).getReturnType();
    }
    EntityId.Kind kind = Annotations.has(first, Annotations.EMBEDDED_ID) ? EntityId.Kind.EMBEDDED : EntityId.Kind.SIMPLE;
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

  /** Whether the hierarchy's id sits on getters, which makes JPA use property access. */
  static Optional<ExecutableElement> idGetter(Hierarchy hierarchy) {
    return idMembers(hierarchy).stream()
        .filter(member -> member.getKind() == ElementKind.METHOD)
        .map(ExecutableElement.class::cast)
        .findFirst();
  }
}
