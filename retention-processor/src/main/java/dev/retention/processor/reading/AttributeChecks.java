package dev.retention.processor.reading;

import dev.retention.processor.model.TemporalType;
import dev.retention.processor.validation.Diagnostics.Problem;
import dev.retention.processor.validation.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/** The checks of a {@code @Ttl} member that need nothing but the member and its class. */
public final class AttributeChecks {

  private static final long MAX_EXPIRE_AFTER_SECONDS = Integer.MAX_VALUE;

  private AttributeChecks() {}

  /** Every problem of {@code member} on its own. */
  public static List<Problem> check(TtlMember member) {
    List<Problem> problems = new ArrayList<>();
    checkEnclosingClass(member).ifPresent(problems::add);
    checkRange(member).ifPresent(problems::add);
    checkPersistent(member, problems);
    if (member.isMethod()) {
      checkGetter(member).ifPresent(problems::add);
    }
    if (problems.isEmpty()) {
      checkType(member, memberType(member)).ifPresent(problems::add);
    }
    return problems;
  }

  /**
   * The temporal type of the member when its type is {@code type} (the member's own type, or the type it has in a
   * subclass that binds a type variable), or the problem with it.
   */
  public static Optional<Problem> checkType(TtlMember member, TypeMirror type) {
    if (type.getKind() == TypeKind.TYPEVAR) {
      return Optional.empty();
    }
    Optional<TemporalType> temporal = temporalType(member, type);
    if (temporal.isPresent()) {
      return Optional.empty();
    }
    if (isTimeOnly(member)) {
      return Optional.of(Problem.on(member.element(), member.ttl(), Message.TIME_ONLY, member.describe()));
    }
    return Optional.of(Problem.on(member.element(), member.ttl(), Message.TYPE, member.describe(), type,
        TemporalType.supportedList()));
  }

  /** The temporal type of the member when its type is {@code type}, taking {@code @Temporal} into account. */
  public static Optional<TemporalType> temporalType(TtlMember member, TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return Optional.empty();
    }
    String name = ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().toString();
    Optional<TemporalType> temporal = TemporalType.forJavaType(name);
    if (temporal.isEmpty() || isTimeOnly(member)) {
      return Optional.empty();
    }
    if (temporal.get() == TemporalType.UTIL_DATE && temporalValue(member).equals("DATE")) {
      return Optional.of(TemporalType.UTIL_DATE_AS_DAY);
    }
    return temporal;
  }

  /** The member's own type: the field's, or the getter's return type. */
  public static TypeMirror memberType(TtlMember member) {
    return member.isMethod()
        ? ((ExecutableElement) member.element()).getReturnType()
        : member.element().asType();
  }

  /** The expiry window the annotation declares, or empty when it is missing or not a number (javac reports that). */
  public static Optional<Long> expireAfterSeconds(TtlMember member) {
    return Annotations.explicitValue(member.ttl(), "expireAfterSeconds")
        .map(AnnotationValue::getValue)
        .filter(Number.class::isInstance)
        .map(value -> ((Number) value).longValue());
  }

  /** The attribute's JPA name: the field's name, or the property name of a getter. */
  public static String attributeName(TtlMember member) {
    String name = member.element().getSimpleName().toString();
    if (!member.isMethod()) {
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

  private static Optional<Problem> checkEnclosingClass(TtlMember member) {
    TypeElement owner = member.declaringType();
    if (Annotations.has(owner, Annotations.ENTITY) || Annotations.has(owner, Annotations.MAPPED_SUPERCLASS)) {
      return Optional.empty();
    }
    Message message = Annotations.has(owner, Annotations.EMBEDDABLE) ? Message.EMBEDDABLE : Message.NOT_AN_ENTITY;
    return Optional.of(Problem.on(member.element(), member.ttl(), message, owner.getQualifiedName()));
  }

  private static Optional<Problem> checkRange(TtlMember member) {
    Optional<Long> seconds = expireAfterSeconds(member);
    if (seconds.isEmpty() || (seconds.get() >= 0 && seconds.get() <= MAX_EXPIRE_AFTER_SECONDS)) {
      return Optional.empty();
    }
    AnnotationValue value = Annotations.explicitValue(member.ttl(), "expireAfterSeconds").orElseThrow();
    return Optional.of(Problem.onValue(member.element(), member.ttl(), value, Message.RANGE, seconds.get()));
  }

  private static void checkPersistent(TtlMember member, List<Problem> problems) {
    if (member.element().getModifiers().contains(Modifier.STATIC)) {
      problems.add(Problem.on(member.element(), member.ttl(), Message.STATIC, member.describe()));
      return;
    }
    if (member.element().getModifiers().contains(Modifier.TRANSIENT)) {
      problems.add(Problem.on(member.element(), member.ttl(), Message.TRANSIENT, member.describe(),
          "transient", "the transient modifier"));
    } else if (Annotations.has(member.element(), Annotations.TRANSIENT)) {
      problems.add(Problem.on(member.element(), member.ttl(), Message.TRANSIENT, member.describe(),
          "annotated @Transient", "@Transient"));
    }
  }

  private static Optional<Problem> checkGetter(TtlMember member) {
    ExecutableElement method = (ExecutableElement) member.element();
    String name = method.getSimpleName().toString();
    boolean getterName = (name.startsWith("get") && name.length() > 3) || (name.startsWith("is") && name.length() > 2);
    boolean getterShape = method.getParameters().isEmpty() && method.getReturnType().getKind() != TypeKind.VOID;
    if (getterName && getterShape) {
      return Optional.empty();
    }
    return Optional.of(Problem.on(method, member.ttl(), Message.GETTER, member.describe()));
  }

  private static boolean isTimeOnly(TtlMember member) {
    return temporalValue(member).equals("TIME");
  }

  /** The constant of {@code @Temporal} on the member (DATE, TIME, TIMESTAMP), or "" when there is none. */
  private static String temporalValue(TtlMember member) {
    Optional<AnnotationMirror> temporal = Annotations.find(member.element(), Annotations.TEMPORAL);
    return temporal.flatMap(mirror -> Annotations.explicitValue(mirror, "value"))
        .map(value -> value.getValue() instanceof VariableElement constant ? constant.getSimpleName().toString() : "")
        .orElse("");
  }
}
