package dev.retention.processor.reading;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;

/**
 * A field or method annotated {@code @TtlScope}: the attribute that splits an entity's rows into scopes.
 *
 * @param element the field or method
 * @param scope the {@code @TtlScope} annotation on it
 */
public record ScopeMember(Element element, AnnotationMirror scope) implements AnnotatedMember {

  @Override
  public AnnotationMirror annotation() {
    return scope;
  }

  /** The members of {@code type} itself (not inherited) that carry {@code @TtlScope}, in declaration order. */
  public static List<ScopeMember> declaredIn(TypeElement type) {
    List<ScopeMember> members = new ArrayList<>();
    for (Element enclosed : type.getEnclosedElements()) {
      if (enclosed.getKind() == ElementKind.FIELD || enclosed.getKind() == ElementKind.METHOD) {
        Annotations.find(enclosed, Annotations.TTL_SCOPE)
            .ifPresent(scope -> members.add(new ScopeMember(enclosed, scope)));
      }
    }
    return members;
  }
}
