package dev.retention.processor.reading;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * A class and its superclasses up to, not including, {@code java.lang.Object}: the classes whose members JPA maps for
 * an entity.
 *
 * @param classes the class first, then each superclass
 */
public record Hierarchy(List<TypeElement> classes) {

  /** The hierarchy of {@code type}; empty when a superclass is not resolved yet (it may be generated later). */
  public static Optional<Hierarchy> of(TypeElement type) {
    List<TypeElement> classes = new ArrayList<>();
    TypeElement current = type;
    while (current != null && !current.getQualifiedName().contentEquals("java.lang.Object")) {
      classes.add(current);
      TypeMirror superclass = current.getSuperclass();
      if (superclass.getKind() == TypeKind.ERROR) {
        return Optional.empty();
      }
      current = superclass.getKind() == TypeKind.DECLARED
          ? (TypeElement) ((DeclaredType) superclass).asElement()
          : null;
    }
    return Optional.of(new Hierarchy(List.copyOf(classes)));
  }

  /** The first superclass of {@code type}, as written, that is not resolved; empty when every one is. */
  public static Optional<TypeMirror> unresolvedSuperclass(TypeElement type) {
    TypeElement current = type;
    while (current != null) {
      TypeMirror superclass = current.getSuperclass();
      if (superclass.getKind() == TypeKind.ERROR) {
        return Optional.of(superclass);
      }
      current = superclass.getKind() == TypeKind.DECLARED
          ? (TypeElement) ((DeclaredType) superclass).asElement()
          : null;
    }
    return Optional.empty();
  }

  public TypeElement self() {
    return classes.get(0);
  }

  /** Every {@code @Ttl} member in the hierarchy, the class's own first. */
  public List<TtlMember> ttlMembers() {
    List<TtlMember> members = new ArrayList<>();
    classes.forEach(type -> members.addAll(TtlMember.declaredIn(type)));
    return members;
  }

  /** Every {@code @TtlScope} member in the hierarchy, the class's own first. */
  public List<ScopeMember> scopeMembers() {
    List<ScopeMember> members = new ArrayList<>();
    classes.forEach(type -> members.addAll(ScopeMember.declaredIn(type)));
    return members;
  }

  /** The members annotated {@code @Id} or {@code @EmbeddedId} in the hierarchy, the class's own first. */
  public List<Element> idMembers() {
    List<Element> members = new ArrayList<>();
    for (TypeElement type : classes) {
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

  /** The first id getter, whose presence makes JPA use property access. */
  public Optional<ExecutableElement> idGetter() {
    return idMembers().stream()
        .filter(member -> member.getKind() == ElementKind.METHOD)
        .map(ExecutableElement.class::cast)
        .findFirst();
  }

  /**
   * The topmost {@code @Entity} among the class and its superclasses up to {@code declaringType}: the entity that owns
   * the table rows of an attribute declared there, and so the one that gets the pass.
   */
  public TypeElement topmostEntityUpTo(TypeElement declaringType) {
    TypeElement topmost = self();
    for (TypeElement type : classes) {
      if (Annotations.has(type, Annotations.ENTITY)) {
        topmost = type;
      }
      if (type.equals(declaringType)) {
        break;
      }
    }
    return topmost;
  }
}
