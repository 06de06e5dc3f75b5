package dev.retention.processor.validation;

import dev.retention.processor.reading.Annotations;
import dev.retention.processor.reading.Hierarchy;
import dev.retention.processor.reading.AnnotatedMember;
import dev.retention.processor.reading.TtlMember;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;

/**
 * The compile-time check of {@code @Ttl(when = ...)}: it is one balanced expression ({@link ConditionSyntax}), every
 * {@code e.<attribute>} it names is an attribute of the entity's hierarchy, it names at least one, and it binds no
 * parameter. Whether the whole expression is valid JPQL
 * only the provider can tell; the runtime asks it when it is built.
 */
final class ConditionValidator {

  /** A string literal of JPQL, {@code ''} escaping a quote: its content is no attribute and no parameter. */
  private static final Pattern STRING_LITERAL = Pattern.compile("'(?:[^']|'')*'");
  private static final Pattern ATTRIBUTE = Pattern.compile("(?<![\\w.])e\\.(\\w+)");
  private static final Pattern PARAMETER = Pattern.compile("(?<![\\w:]):\\w+|\\?\\d*");

  private ConditionValidator() {}

  /** The first problem of the member's condition, if it has one. */
  static Optional<Problem> check(Hierarchy hierarchy, TtlMember member) {
    Optional<String> condition = member.condition();
    if (condition.isEmpty()) {
      return Optional.empty();
    }
    AnnotationValue value = member.whenValue().orElseThrow();
    String text = condition.get();
    Optional<ConditionSyntax.Flaw> flaw = ConditionSyntax.flaw(text);
    if (flaw.isPresent()) {
      return Optional.of(Problem.onValue(member.element(), member.ttl(), value, flaw.get().message(), text,
          flaw.get().detail()));
    }
    String outsideLiterals = STRING_LITERAL.matcher(text).replaceAll("''");
    Matcher parameter = PARAMETER.matcher(outsideLiterals);
    if (parameter.find()) {
      return Optional.of(Problem.onValue(member.element(), member.ttl(), value, Message.CONDITION_PARAMETER, text,
          parameter.group()));
    }
    Set<String> attributes = attributes(hierarchy);
    Matcher attribute = ATTRIBUTE.matcher(outsideLiterals);
    boolean namesOne = false;
    while (attribute.find()) {
      namesOne = true;
      if (!attributes.contains(attribute.group(1))) {
        return Optional.of(Problem.onValue(member.element(), member.ttl(), value, Message.CONDITION_ATTRIBUTE, text,
            attribute.group(1), hierarchy.self().getQualifiedName(), String.join(", ", attributes)));
      }
    }
    if (!namesOne) {
      return Optional.of(Problem.onValue(member.element(), member.ttl(), value, Message.CONDITION_NO_ATTRIBUTE,
          text));
    }
    return Optional.empty();
  }

  /** The persistent attributes of the hierarchy: instance fields, and the properties of getters, sorted. */
  private static Set<String> attributes(Hierarchy hierarchy) {
    Set<String> names = new TreeSet<>();
    for (TypeElement type : hierarchy.classes()) {
      for (Element member : type.getEnclosedElements()) {
        if (member.getModifiers().contains(Modifier.STATIC) || member.getModifiers().contains(Modifier.TRANSIENT)
            || Annotations.has(member, Annotations.TRANSIENT)) {
          continue;
        }
        if (member.getKind() == ElementKind.FIELD) {
          names.add(member.getSimpleName().toString());
        } else if (member.getKind() == ElementKind.METHOD && isGetter((ExecutableElement) member)) {
          names.add(AnnotatedMember.attributeName(member));
        }
      }
    }
    return names;
  }

  private static boolean isGetter(ExecutableElement method) {
    String name = method.getSimpleName().toString();
    return method.getParameters().isEmpty()
        && ((name.startsWith("get") && name.length() > 3) || (name.startsWith("is") && name.length() > 2));
  }
}
