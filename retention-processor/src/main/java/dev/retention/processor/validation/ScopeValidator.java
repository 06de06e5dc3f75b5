package dev.retention.processor.validation;

import dev.retention.processor.reading.TemporalType;
import dev.retention.processor.reading.Annotations;
import dev.retention.processor.reading.EntityElements;
import dev.retention.processor.reading.ScopeMember;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * The checks of a {@code @TtlScope} member: on a persistent basic attribute of an entity or mapped superclass, of a
 * type a scope can have, not on the {@code @Ttl} attribute, and in a hierarchy that has a {@code @Ttl} attribute.
 */
public final class ScopeValidator {

  /** The declared types a scope can have, besides {@code long}, {@code int} and {@code short}. */
  private static final Set<String> SCOPE_TYPES = Set.of("java.lang.String", "java.lang.Long", "java.lang.Integer",
      "java.lang.Short", "java.util.UUID");
  private static final Set<String> ASSOCIATIONS = Set.of(Annotations.ONE_TO_ONE, Annotations.ONE_TO_MANY,
      Annotations.MANY_TO_ONE, Annotations.MANY_TO_MANY);
  private static final String FOREIGN_KEY_HINT = " (for an association, map its foreign key column as a basic"
      + " attribute too, with @Column(name = ..., insertable = false, updatable = false))";

  private ScopeValidator() {}

  /** Every problem of {@code member} on its own, wherever it is. */
  public static ValidationReport validate(ScopeMember member) {
    List<Problem> problems = new ArrayList<>();
    enclosingClass(member).ifPresent(problems::add);
    if (Annotations.has(member.element(), Annotations.TTL)) {
      problems.add(Problem.on(member.element(), member.scope(), Message.SCOPE_ON_TTL, member.describe()));
    }
    AttributeChecks.persistent(member).ifPresent(problems::add);
    AttributeChecks.getter(member, "scope's value").ifPresent(problems::add);
    if (problems.isEmpty()) {
      checkType(member, member.ownType()).ifPresent(problems::add);
    }
    return new ValidationReport(problems);
  }

  /**
   * The errors for the {@code @TtlScope} members an entity that owns no pass declares itself: it has no {@code @Ttl}
   * attribute in its hierarchy, or its rows are swept by the pass of an entity it extends, whose statements cannot
   * name a subclass's attribute. A mapped superclass is not checked: the entities that extend it may have a
   * {@code @Ttl} attribute, and those that do not ignore it.
   */
  public static ValidationReport validateWithoutPass(EntityElements read) {
    TypeElement entity = read.entity();
    List<Problem> problems = new ArrayList<>();
    for (ScopeMember member : ScopeMember.declaredIn(entity)) {
      if (read.ttlMembers().isEmpty()) {
        problems.add(Problem.on(member.element(), member.scope(), Message.SCOPE_WITHOUT_TTL, member.describe(),
            entity.getQualifiedName(), entity.getSimpleName()));
      } else {
        TypeElement owner = read.hierarchy().topmostEntityUpTo(read.ttlMember().declaringType());
        problems.add(Problem.on(member.element(), member.scope(), Message.SCOPE_BELOW_PASS, member.describe(),
            entity.getQualifiedName(), owner.getQualifiedName(), owner.getSimpleName()));
      }
    }
    return new ValidationReport(problems);
  }

  /**
   * The problem of the member when its type is {@code type} (its own, or the one it has in an entity that binds a type
   * variable), if no scope can have that type.
   */
  static Optional<Problem> checkType(ScopeMember member, TypeMirror type) {
    if (type.getKind() == TypeKind.TYPEVAR || isScopeType(type)) {
      return Optional.empty();
    }
    boolean association = ASSOCIATIONS.stream().anyMatch(name -> Annotations.has(member.element(), name))
        || (declared(type) != null && Annotations.has(declared(type), Annotations.ENTITY));
    return Optional.of(Problem.on(member.element(), member.scope(), Message.SCOPE_TYPE, member.describe(), type,
        association ? "an association" : kindOf(member, type), association ? FOREIGN_KEY_HINT : ""));
  }

  private static boolean isScopeType(TypeMirror type) {
    return switch (type.getKind()) {
      case LONG, INT, SHORT -> true;
      case DECLARED -> SCOPE_TYPES.contains(declared(type).getQualifiedName().toString());
      default -> false;
    };
  }

  /** What the type is, in words, for the message. */
  private static String kindOf(ScopeMember member, TypeMirror type) {
    TypeElement element = declared(type);
    if (type.getKind() == TypeKind.ARRAY || Annotations.has(member.element(), Annotations.ELEMENT_COLLECTION)
        || (element != null && isCollection(element))) {
      return "a collection";
    }
    if (element == null) {
      return "a type no scope can have";
    }
    if (Annotations.has(member.element(), Annotations.EMBEDDED) || Annotations.has(element, Annotations.EMBEDDABLE)) {
      return "an embedded value";
    }
    if (element.getKind() == ElementKind.ENUM) {
      return "an enum";
    }
    if (TemporalType.forJavaType(element.getQualifiedName().toString()).isPresent()) {
      return "a date";
    }
    return "a type no scope can have";
  }

  private static boolean isCollection(TypeElement type) {
    String name = type.getQualifiedName().toString();
    if (name.equals("java.util.Collection") || name.equals("java.util.Map")) {
      return true;
    }
    for (TypeMirror parent : type.getInterfaces()) {
      TypeElement element = declared(parent);
      if (element != null && isCollection(element)) {
        return true;
      }
    }
    TypeElement superclass = declared(type.getSuperclass());
    return superclass != null && isCollection(superclass);
  }

  private static TypeElement declared(TypeMirror type) {
    return type.getKind() == TypeKind.DECLARED ? (TypeElement) ((DeclaredType) type).asElement() : null;
  }

  private static Optional<Problem> enclosingClass(ScopeMember member) {
    TypeElement owner = member.declaringType();
    if (Annotations.has(owner, Annotations.ENTITY) || Annotations.has(owner, Annotations.MAPPED_SUPERCLASS)) {
      return Optional.empty();
    }
    return Optional.of(Problem.on(member.element(), member.scope(), Message.SCOPE_NOT_AN_ENTITY,
        owner.getQualifiedName()));
  }
}
