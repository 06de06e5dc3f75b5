package dev.retention.processor.validation;

import dev.retention.processor.reading.AnnotatedMember;
import dev.retention.processor.reading.Annotations;
import dev.retention.processor.reading.Hierarchy;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;

/**
 * The checks that {@code @Ttl} and {@code @TtlScope} share, since both must sit on a persistent attribute where JPA
 * reads the mapping from; their messages name the annotation.
 */
final class AttributeChecks {

  private AttributeChecks() {}

  /** A static, {@code transient} or {@code @Transient} member: no column, so nothing to compare. */
  static Optional<Problem> persistent(AnnotatedMember member) {
    String annotation = member.annotationName();
    if (member.element().getModifiers().contains(Modifier.STATIC)) {
      return Optional.of(Problem.on(member.element(), member.annotation(), Message.STATIC, annotation,
          member.describe(), annotation));
    }
    if (member.element().getModifiers().contains(Modifier.TRANSIENT)) {
      return Optional.of(Problem.on(member.element(), member.annotation(), Message.TRANSIENT, annotation,
          member.describe(), "transient", annotation, "the transient modifier"));
    }
    if (Annotations.has(member.element(), Annotations.TRANSIENT)) {
      return Optional.of(Problem.on(member.element(), member.annotation(), Message.TRANSIENT, annotation,
          member.describe(), "annotated @Transient", annotation, "@Transient"));
    }
    return Optional.empty();
  }

  /** A method that is no property getter; {@code returning} says what a getter would return, as in "the date". */
  static Optional<Problem> getter(AnnotatedMember member, String returning) {
    if (!member.isMethod()) {
      return Optional.empty();
    }
    ExecutableElement method = (ExecutableElement) member.element();
    String name = method.getSimpleName().toString();
    boolean getterName = (name.startsWith("get") && name.length() > 3) || (name.startsWith("is") && name.length() > 2);
    boolean getterShape = method.getParameters().isEmpty() && method.getReturnType().getKind() != TypeKind.VOID;
    if (getterName && getterShape) {
      return Optional.empty();
    }
    return Optional.of(Problem.on(method, member.annotation(), Message.GETTER, member.annotationName(),
        member.describe(), returning));
  }

  /** The access type check: the annotation must sit where JPA reads the entity's mapping from. */
  static Optional<Problem> access(TypeElement entity, Hierarchy hierarchy, AnnotatedMember member) {
    if (Annotations.has(member.element(), Annotations.ACCESS)) {
      return Optional.empty();
    }
    Optional<String> explicit = explicitAccess(member.declaringType());
    Optional<ExecutableElement> idGetter = hierarchy.idGetter();
    boolean property = explicit.map("PROPERTY"::equals).orElse(idGetter.isPresent());
    if (property == member.isMethod()) {
      return Optional.empty();
    }
    String because = explicit.isPresent()
        ? "@Access(" + explicit.get() + ") on " + member.declaringType().getSimpleName()
        : property
            ? "its @Id is on " + idGetter.get().getSimpleName() + "()"
            : "its @Id is on field " + hierarchy.idMembers().get(0).getSimpleName();
    String name = member.attributeName();
    String fix = property
        ? "its getter, get" + Character.toUpperCase(name.charAt(0)) + name.substring(1) + "()"
        : "the field " + name;
    return Optional.of(Problem.on(member.element(), member.annotation(), Message.ACCESS, member.annotationName(),
        member.describe(), entity.getSimpleName(), property ? "property" : "field", because,
        property ? "getters" : "fields", member.annotationName(), fix));
  }

  /**
   * The error for two members of one annotation in one hierarchy, on the one lower in the hierarchy (or declared later
   * in the same class) when it is in this compilation; else on the entity.
   */
  static Problem duplicate(TypeElement entity, List<? extends AnnotatedMember> members, Message message,
      Predicate<TypeElement> inCompilation) {
    boolean sameClass = members.get(0).declaringType().equals(members.get(1).declaringType());
    AnnotatedMember reported = sameClass ? members.get(1) : members.get(0);
    AnnotatedMember other = sameClass ? members.get(0) : members.get(1);
    if (inCompilation.test(reported.declaringType())) {
      return Problem.on(reported.element(), reported.annotation(), message, entity.getQualifiedName(),
          other.describe(), reported.describe());
    }
    return Problem.on(entity, null, message, entity.getQualifiedName(), other.describe(), reported.describe());
  }

  private static Optional<String> explicitAccess(TypeElement type) {
    return Annotations.find(type, Annotations.ACCESS)
        .flatMap(access -> Annotations.explicitValue(access, "value"))
        .map(value -> ((VariableElement) value.getValue()).getSimpleName().toString());
  }
}
