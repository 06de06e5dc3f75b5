package dev.retention.processor.reading;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * A field or method that carries one of Retention's annotations ({@code @Ttl}, {@code @TtlScope}), with what the
 * checks of both read from it alike: where it is declared, how messages name it, its JPA attribute name and type.
 */
public interface AnnotatedMember {

  /** The field or method. */
  Element element();

  /** Retention's annotation on it. */
  AnnotationMirror annotation();

  /** The annotation as messages write it: {@code @Ttl} or {@code @TtlScope}. */
  default String annotationName() {
    return "@" + annotation().getAnnotationType().asElement().getSimpleName();
  }

  default TypeElement declaringType() {
    return (TypeElement) element().getEnclosingElement();
  }

  default boolean isMethod() {
    return element().getKind() == ElementKind.METHOD;
  }

  /**
   * Names the member for the whole compilation, across rounds: {@code com.acme.Session.expiresAt} or
   * {@code com.acme.Session.getExpiresAt()}.
   */
  default String key() {
    return declaringType().getQualifiedName() + "." + element();
  }

  /** How the member is named in messages: {@code field Session.expiresAt} or {@code method Session.getExpiresAt()}. */
  default String describe() {
    String owner = declaringType().getSimpleName().toString();
    return isMethod()
        ? "method " + owner + "." + element().getSimpleName() + "()"
        : "field " + owner + "." + element().getSimpleName();
  }

  /** The attribute's JPA name: the field's name, or the property name of a getter. */
  default String attributeName() {
    return attributeName(element());
  }

  /** The member's own type: the field's, or the getter's return type. */
  default TypeMirror ownType() {
    return isMethod() ? ((ExecutableElement) element()).getReturnType() : element().asType();
  }

  /** The member's type as {@code entity} sees it, with any type variable of a generic superclass bound. */
  default TypeMirror typeIn(TypeElement entity, Types types) {
    TypeMirror type = types.asMemberOf((DeclaredType) entity.asType(), element());
    return isMethod() ? ((ExecutableType) type).getReturnType() : type;
  }

  /** The JPA attribute name of a field or a getter. */
  static String attributeName(Element member) {
    String name = member.getSimpleName().toString();
    if (member.getKind() != ElementKind.METHOD) {
      return name;
    }
    String property;
    if (name.startsWith("get") && name.length() > 3) {
      property = name.substring(3);
    } else if (name.startsWith("is") && name.length() > 2) {
      property = name.substring(2);
    } else {
      return name;
    }
    if (property.length() > 1 && Character.isUpperCase(property.charAt(0))
        && Character.isUpperCase(property.charAt(1))) {
      return property;
    }
    return Character.toLowerCase(property.charAt(0)) + property.substring(1);
  }
}
