package dev.retention.processor.validation;

import com.palantir.javapoet.ClassName;
import dev.retention.processor.reading.Annotations;
import dev.retention.processor.reading.EntityElements;
import dev.retention.processor.reading.Hierarchy;
import dev.retention.processor.reading.TtlMember;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Types;

/**
 * The checks of an entity that owns a pass, after its {@code @Ttl} member passed {@link MemberValidator}: what the
 * entity's hierarchy must offer for a pass to be generated, and the index warning.
 */
public final class EntityValidator {

  private final Types types;
  private final Predicate<TypeElement> inCompilation;

  /**
   * @param inCompilation whether a class is compiled now, from source, so that a message can point into it
   */
  public EntityValidator(Types types, Predicate<TypeElement> inCompilation) {
    this.types = types;
    this.inCompilation = inCompilation;
  }

  /** The error for an entity whose hierarchy holds several {@code @Ttl} attributes. */
  public ValidationReport validateSingleTtl(EntityElements entity) {
    if (entity.ttlMembers().size() < 2) {
      return ValidationReport.clean();
    }
    return new ValidationReport(List.of(duplicate(entity.entity(), entity.ttlMembers())));
  }

  /** Every problem of an entity with one valid {@code @Ttl} member; the index warning only when nothing else is. */
  public ValidationReport validate(EntityElements read) {
    TypeElement entity = read.entity();
    Hierarchy hierarchy = read.hierarchy();
    TtlMember member = read.ttlMember();
    List<Problem> problems = new ArrayList<>();
    MemberValidator.checkType(member, member.typeIn(entity, types)).ifPresent(problems::add);
    if (!entity.getTypeParameters().isEmpty()) {
      problems.add(Problem.on(entity, null, Message.GENERIC, entity.getQualifiedName()));
    }
    reachability(entity).ifPresent(problems::add);
    ConditionValidator.check(hierarchy, member).ifPresent(problems::add);
    if (hierarchy.idMembers().isEmpty()) {
      problems.add(Problem.on(entity, null, Message.NO_ID, entity.getQualifiedName()));
    } else {
      access(entity, hierarchy, member).ifPresent(problems::add);
    }
    if (problems.isEmpty()) {
      IndexCheck.warning(entity, hierarchy, member).ifPresent(problems::add);
    }
    return new ValidationReport(problems);
  }

  /**
   * The error for two {@code @Ttl} in one hierarchy, on the one lower in the hierarchy (or declared later in the same
   * class), when it is in this compilation; else on the entity.
   */
  private Problem duplicate(TypeElement entity, List<TtlMember> members) {
    boolean sameClass = members.get(0).declaringType().equals(members.get(1).declaringType());
    TtlMember reported = sameClass ? members.get(1) : members.get(0);
    TtlMember other = sameClass ? members.get(0) : members.get(1);
    String first = other.describe();
    String second = reported.describe();
    if (inCompilation.test(reported.declaringType())) {
      return Problem.on(reported.element(), reported.ttl(), Message.DUPLICATE, entity.getQualifiedName(), first,
          second);
    }
    return Problem.on(entity, null, Message.DUPLICATE, entity.getQualifiedName(), first, second);
  }

  private static Optional<Problem> reachability(TypeElement entity) {
    for (Element current = entity; current instanceof TypeElement type; current = current.getEnclosingElement()) {
      String what = type.equals(entity) ? "" : " (it is nested in " + type.getQualifiedName() + ")";
      if (type.getModifiers().contains(Modifier.PRIVATE)) {
        return Optional.of(unreachable(entity, "private" + what, "package-private or public"));
      }
      if (type.getNestingKind() == NestingKind.LOCAL || type.getNestingKind() == NestingKind.ANONYMOUS) {
        return Optional.of(unreachable(entity, "a local class" + what, "a top-level or static nested class"));
      }
      if (type.getNestingKind() == NestingKind.MEMBER && !type.getModifiers().contains(Modifier.STATIC)
          && type.getKind().isClass()) {
        return Optional.of(unreachable(entity, "an inner class, not static" + what, "a static nested class"));
      }
    }
    return Optional.empty();
  }

  private static Problem unreachable(TypeElement entity, String what, String fix) {
    String packageName = ClassName.get(entity).packageName();
    return Problem.on(entity, null, Message.UNREACHABLE, entity.getQualifiedName(), what,
        packageName.isEmpty() ? "(the unnamed package)" : packageName, fix);
  }

  /** The access type check: {@code @Ttl} must sit where JPA reads the entity's mapping from. */
  private static Optional<Problem> access(TypeElement entity, Hierarchy hierarchy, TtlMember member) {
    if (Annotations.has(member.element(), Annotations.ACCESS)) {
      return Optional.empty();
    }
    Optional<String> explicit = explicitAccess(member.declaringType());
    Optional<ExecutableElement> idGetter = hierarchy.idGetter();
    boolean property = explicit.map("PROPERTY"::equals).orElse(idGetter.isPresent());
    if (property == member.isMethod()) {
      return Optional.empty();
    }
    String because = explicit.isPresent()
        ? "@Access(" + explicit.get() + ") on " + member.declaringType().getSimpleName()
        : property
            ? "its @Id is on " + idGetter.get().getSimpleName() + "()"
            : "its @Id is on field " + hierarchy.idMembers().get(0).getSimpleName();
    String name = member.attributeName();
    String fix = property
        ? "its getter, get" + Character.toUpperCase(name.charAt(0)) + name.substring(1) + "()"
        : "the field " + name;
    return Optional.of(Problem.on(member.element(), member.ttl(), Message.ACCESS, member.describe(),
        entity.getSimpleName(), property ? "property" : "field", because, property ? "getters" : "fields", fix));
  }

  private static Optional<String> explicitAccess(TypeElement type) {
    return Annotations.find(type, Annotations.ACCESS)
        .flatMap(access -> Annotations.explicitValue(access, "value"))
        .map(value -> ((VariableElement) value.getValue()).getSimpleName().toString());
  }
}
