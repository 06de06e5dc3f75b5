package dev.retention.processor.validation;

import dev.retention.Ttl;
import dev.retention.processor.model.TemporalType;
import dev.retention.processor.reading.Annotations;
import dev.retention.processor.reading.TtlMember;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/** The checks of a {@code @Ttl} member that need nothing but the member and its class. */
public final class MemberValidator {

  private static final long SECONDS_PER_YEAR = 31_557_600;

  private MemberValidator() {}

  /** Every problem of {@code member} on its own. */
  public static ValidationReport validate(TtlMember member) {
    List<Problem> problems = new ArrayList<>();
    checkEnclosingClass(member).ifPresent(problems::add);
    checkRange(member).ifPresent(problems::add);
    checkPersistent(member, problems);
    if (member.isMethod()) {
      checkGetter(member).ifPresent(problems::add);
    }
    if (problems.isEmpty()) {
      checkType(member, member.ownType()).ifPresent(problems::add);
    }
    return new ValidationReport(problems);
  }

  /**
   * The problem of the member when its type is {@code type} (the member's own type, or the type it has in an entity
   * that binds a type variable), if that is no supported date.
   */
  static Optional<Problem> checkType(TtlMember member, TypeMirror type) {
    if (type.getKind() == TypeKind.TYPEVAR || member.temporalType(type).isPresent()) {
      return Optional.empty();
    }
    Optional<String> number = TtlMember.epochNumberType(type);
    if (number.isPresent()) {
      return Optional.of(epochProblem(member, type, number.get()));
    }
    if (!member.epochUnit().equals(TtlMember.NO_EPOCH) && !member.isTimeOnly()
        && TemporalType.forJavaType(qualifiedName(type)).isPresent()) {
      return Optional.of(Problem.onValue(member.element(), member.ttl(), member.epochValue().orElseThrow(),
          Message.EPOCH_ON_DATE, member.describe(), type, member.epochUnit()));
    }
    if (member.isTimeOnly()) {
      return Optional.of(Problem.on(member.element(), member.ttl(), Message.TIME_ONLY, member.describe()));
    }
    return Optional.of(Problem.on(member.element(), member.ttl(), Message.TYPE, member.describe(), type,
        TemporalType.supportedList()));
  }

  /** The problem of a number that is no epoch attribute as written: no unit, or one an {@code int} cannot hold. */
  private static Problem epochProblem(TtlMember member, TypeMirror type, String boxed) {
    if (member.epochUnit().equals(TtlMember.NO_EPOCH)) {
      return Problem.on(member.element(), member.ttl(), Message.EPOCH_UNIT, member.describe(), type);
    }
    return Problem.onValue(member.element(), member.ttl(), member.epochValue().orElseThrow(), Message.EPOCH_INT_MILLIS,
        member.describe(), type);
  }

  private static String qualifiedName(TypeMirror type) {
    return type.getKind() == TypeKind.DECLARED
        ? ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().toString()
        : type.toString();
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
    Optional<AnnotationValue> value = member.expireAfterSecondsValue();
    if (value.isEmpty()) {
      return Optional.empty();
    }
    long seconds = ((Number) value.get().getValue()).longValue();
    if (seconds >= 0 && seconds <= Ttl.MAX_EXPIRE_AFTER_SECONDS) {
      return Optional.empty();
    }
    return Optional.of(Problem.onValue(member.element(), member.ttl(), value.get(), Message.RANGE, seconds,
        Ttl.MAX_EXPIRE_AFTER_SECONDS, Ttl.MAX_EXPIRE_AFTER_SECONDS / SECONDS_PER_YEAR));
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
}
