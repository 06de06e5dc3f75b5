package dev.retention.processor.reading;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;

/**
 * A field or method annotated {@code @Ttl}, with the annotation itself.
 *
 * @param element the field or method
 * @param ttl the {@code @Ttl} annotation on it
 */
public record TtlMember(Element element, AnnotationMirror ttl) {

  public TypeElement declaringType() {
    return (TypeElement) element.getEnclosingElement();
  }

  public boolean isMethod() {
    return element.getKind() == ElementKind.METHOD;
  }

  /** How the member is named in messages: {@code field Session.expiresAt} or {@code method Session.getExpiresAt()}. */
  public String describe() {
    String owner = declaringType().getSimpleName().toString();
    return isMethod()
        ? "method " + owner + "." + element.getSimpleName() + "()"
        : "field " + owner + "." + element.getSimpleName();
  }

  /** The members of {@code type} itself (not inherited) that carry {@code @Ttl}, in declaration order. */
  public static List<TtlMember> declaredIn(TypeElement type) {
    List<TtlMember> members = new ArrayList<>();
    for (Element enclosed : type.getEnclosedElements()) {
      if (enclosed.getKind() == ElementKind.FIELD || enclosed.getKind() == ElementKind.METHOD) {
        Annotations.find(enclosed, Annotations.TTL).ifPresent(ttl -> members.add(new TtlMember(enclosed, ttl)));
      }
    }
    return members;
  }
}
