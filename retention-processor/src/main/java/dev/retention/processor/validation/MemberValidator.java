package dev.retention.processor.validation;

import dev.retention.Ttl;
import dev.retention.processor.reading.TemporalType;
import dev.retention.processor.reading.Annotations;
import dev.retention.processor.reading.TtlMember;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationValue;
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
    AttributeChecks.persistent(member).ifPresent(problems::add);
    AttributeChecks.getter(member, "date").ifPresent(problems::add);
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
}
