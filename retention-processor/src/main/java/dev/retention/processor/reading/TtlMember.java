package dev.retention.processor.reading;

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
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * A field or method annotated {@code @Ttl}, with the annotation itself, and what can be read from the two.
 *
 * @param element the field or method
 * @param ttl the {@code @Ttl} annotation on it
 */
public record TtlMember(Element element, AnnotationMirror ttl) implements AnnotatedMember {

  /** The {@code EpochUnit} constant that says the attribute is a date, not a number: the default. */
  public static final String NO_EPOCH = "NONE";

  @Override
  public AnnotationMirror annotation() {
    return ttl;
  }

  /** The {@code expireAfterSeconds} value as written, to point a message at it; empty when javac reports it. */
  public Optional<AnnotationValue> expireAfterSecondsValue() {
    return Annotations.explicitValue(ttl, "expireAfterSeconds")
        .filter(value -> value.getValue() instanceof Number);
  }

  /** The expiry window the annotation declares, or empty when it is missing or not a number (javac reports that). */
  public Optional<Long> expireAfterSeconds() {
    return expireAfterSecondsValue().map(value -> ((Number) value.getValue()).longValue());
  }

  /**
   * The temporal type of the member when its type is {@code type} (its own, or the one it has in an entity that binds
   * a type variable), taking {@code @Temporal} and the annotation's epoch unit into account; empty when that is no
   * supported date, or a number without a unit it can hold, or a date with a unit.
   */
  public Optional<TemporalType> temporalType(TypeMirror type) {
    Optional<String> number = epochNumberType(type);
    if (number.isPresent()) {
      return TemporalType.forEpoch(number.get(), epochUnit());
    }
    if (type.getKind() != TypeKind.DECLARED || !epochUnit().equals(NO_EPOCH)) {
      return Optional.empty();
    }
    String name = ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().toString();
    Optional<TemporalType> temporal = TemporalType.forJavaType(name);
    if (temporal.isEmpty() || isTimeOnly()) {
      return Optional.empty();
    }
    if (temporal.get() == TemporalType.UTIL_DATE && temporalValue().equals("DATE")) {
      return Optional.of(TemporalType.UTIL_DATE_AS_DAY);
    }
    return temporal;
  }

  /**
   * The boxed name of {@code type} when it is a number that can hold epoch time ({@code long}, {@code Long},
   * {@code int}, {@code Integer}); empty for any other type.
   */
  public static Optional<String> epochNumberType(TypeMirror type) {
    if (type.getKind() == TypeKind.LONG) {
      return Optional.of("java.lang.Long");
    }
    if (type.getKind() == TypeKind.INT) {
      return Optional.of("java.lang.Integer");
    }
    if (type.getKind() == TypeKind.DECLARED) {
      String name = ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().toString();
      if (name.equals("java.lang.Long") || name.equals("java.lang.Integer")) {
        return Optional.of(name);
      }
    }
    return Optional.empty();
  }

  /** The {@code when} value as written, to point a message at it; empty when it is not written. */
  public Optional<AnnotationValue> whenValue() {
    return Annotations.explicitValue(ttl, "when").filter(value -> value.getValue() instanceof String);
  }

  /** The condition of {@code when}, trimmed; empty when there is none or it is blank. */
  public Optional<String> condition() {
    return whenValue().map(value -> ((String) value.getValue()).strip()).filter(text -> !text.isEmpty());
  }

  /** The {@code EpochUnit} constant the annotation names ({@code SECONDS}, {@code MILLISECONDS}), or {@code NONE}. */
  public String epochUnit() {
    return epochValue()
        .map(value -> ((VariableElement) value.getValue()).getSimpleName().toString())
        .orElse(NO_EPOCH);
  }

  /** The {@code epoch} value as written, to point a message at it; empty when it is not written. */
  public Optional<AnnotationValue> epochValue() {
    return Annotations.explicitValue(ttl, "epoch").filter(value -> value.getValue() instanceof VariableElement);
  }

  /** Whether the member is mapped {@code @Temporal(TIME)}: a time of day, no date. */
  public boolean isTimeOnly() {
    return temporalValue().equals("TIME");
  }

  /** The constant of {@code @Temporal} on the member (DATE, TIME, TIMESTAMP), or "" when there is none. */
  private String temporalValue() {
    Optional<AnnotationMirror> temporal = Annotations.find(element, Annotations.TEMPORAL);
    return temporal.flatMap(mirror -> Annotations.explicitValue(mirror, "value"))
        .map(value -> value.getValue() instanceof VariableElement constant ? constant.getSimpleName().toString() : "")
        .orElse("");
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
