package dev.retention.processor.model;

import dev.retention.processor.model.EntityPass.Strategy;
import dev.retention.processor.reading.Annotations;
import dev.retention.processor.reading.Hierarchy;
import dev.retention.processor.reading.AnnotatedMember;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;

/**
 * Decides how an entity's rows are deleted. A bulk statement skips what {@code EntityManager.remove} does for an
 * entity: lifecycle callbacks, entity listeners, cascades and orphan removal. When the entity has any of them, each row
 * is loaded and removed; otherwise bulk statements do the same work without loading anything.
 */
final class RemovalNeeds {

  private static final List<String> RELATIONSHIPS = List.of(
      Annotations.ONE_TO_ONE, Annotations.ONE_TO_MANY, Annotations.MANY_TO_ONE, Annotations.MANY_TO_MANY);

  private RemovalNeeds() {}

  static Strategy decide(Hierarchy hierarchy, boolean idClass) {
    List<String> needs = new ArrayList<>();
    for (TypeElement type : hierarchy.classes()) {
      for (Element member : type.getEnclosedElements()) {
        callback(member).ifPresent(needs::add);
        cascade(member).ifPresent(needs::add);
      }
      Annotations.find(type, Annotations.ENTITY_LISTENERS)
          .ifPresent(listeners -> needs.addAll(listenerCallbacks(listeners)));
    }
    if (needs.isEmpty() && idClass) {
      needs.add("its @IdClass id spans several attributes, which no single query parameter can hold");
    }
    if (needs.isEmpty()) {
      return new Strategy(Strategy.Kind.BULK_STATEMENTS,
          "it has no removal callbacks, entity listeners, cascades or orphan removal, so no row needs loading");
    }
    return new Strategy(Strategy.Kind.ENTITY_REMOVAL, String.join("; ", needs));
  }

  private static Optional<String> callback(Element member) {
    if (member.getKind() != ElementKind.METHOD) {
      return Optional.empty();
    }
    for (String callback : List.of(Annotations.PRE_REMOVE, Annotations.POST_REMOVE)) {
      if (Annotations.has(member, callback)) {
        return Optional.of("its method " + member.getSimpleName() + "() is annotated @" + simpleName(callback));
      }
    }
    return Optional.empty();
  }

  private static Optional<String> cascade(Element member) {
    for (String relationship : RELATIONSHIPS) {
      Optional<AnnotationMirror> mapping = Annotations.find(member, relationship);
      if (mapping.isEmpty()) {
        continue;
      }
      for (AnnotationValue cascade : Annotations.arrayValue(mapping.get(), "cascade")) {
        String type = ((VariableElement) cascade.getValue()).getSimpleName().toString();
        if (type.equals("REMOVE") || type.equals("ALL")) {
          return Optional.of("it cascades removal to " + attribute(member) + " (cascade = " + type + ")");
        }
      }
      Optional<AnnotationValue> orphanRemoval = Annotations.explicitValue(mapping.get(), "orphanRemoval");
      if (orphanRemoval.isPresent() && Boolean.TRUE.equals(orphanRemoval.get().getValue())) {
        return Optional.of("it removes orphans of " + attribute(member) + " (orphanRemoval = true)");
      }
    }
    return Optional.empty();
  }

  private static List<String> listenerCallbacks(AnnotationMirror entityListeners) {
    List<String> needs = new ArrayList<>();
    for (AnnotationValue value : Annotations.arrayValue(entityListeners, "value")) {
      TypeMirror listenerType = (TypeMirror) value.getValue();
      TypeElement listener = (TypeElement) ((DeclaredType) listenerType).asElement();
      for (Element member : listener.getEnclosedElements()) {
        callback(member).ifPresent(ignored -> needs.add("its entity listener " + listener.getSimpleName()
            + " has a removal callback, " + member.getSimpleName() + "()"));
      }
    }
    return needs;
  }

  private static String attribute(Element member) {
    return AnnotatedMember.attributeName(member);
  }

  private static String simpleName(String qualifiedName) {
    return qualifiedName.substring(qualifiedName.lastIndexOf('.') + 1);
  }
}
