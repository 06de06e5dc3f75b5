package dev.retention.processor.validation;

import com.palantir.javapoet.ClassName;
import dev.retention.processor.reading.EntityElements;
import dev.retention.processor.reading.Hierarchy;
import dev.retention.processor.reading.ScopeMember;
import dev.retention.processor.reading.TtlMember;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Types;

/**
 * The checks of an entity that owns a pass, after its {@code @Ttl} member passed {@link MemberValidator} and its
 * {@code @TtlScope} member, if any, {@link ScopeValidator}: what the entity's hierarchy must offer for a pass to be
 * generated, and the index warning.
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

  /** The errors for an entity whose hierarchy holds several {@code @Ttl} attributes, or several {@code @TtlScope}. */
  public ValidationReport validateSingles(EntityElements entity) {
    List<Problem> problems = new ArrayList<>();
    if (entity.ttlMembers().size() > 1) {
      problems.add(AttributeChecks.duplicate(entity.entity(), entity.ttlMembers(), Message.DUPLICATE, inCompilation));
    }
    if (entity.scopeMembers().size() > 1) {
      problems.add(AttributeChecks.duplicate(entity.entity(), entity.scopeMembers(), Message.DUPLICATE_SCOPE,
          inCompilation));
    }
    return new ValidationReport(problems);
  }

  /**
   * Every problem of an entity with one valid {@code @Ttl} member and at most one valid {@code @TtlScope} member; the
   * index warning only when nothing else is.
   */
  public ValidationReport validate(EntityElements read) {
    TypeElement entity = read.entity();
    Hierarchy hierarchy = read.hierarchy();
    TtlMember member = read.ttlMember();
    Optional<ScopeMember> scope = read.scopeMember();
    List<Problem> problems = new ArrayList<>();
    MemberValidator.checkType(member, member.typeIn(entity, types)).ifPresent(problems::add);
    scope.flatMap(it -> ScopeValidator.checkType(it, it.typeIn(entity, types))).ifPresent(problems::add);
    if (!entity.getTypeParameters().isEmpty()) {
      problems.add(Problem.on(entity, null, Message.GENERIC, entity.getQualifiedName()));
    }
    reachability(entity).ifPresent(problems::add);
    ConditionValidator.check(hierarchy, member).ifPresent(problems::add);
    if (hierarchy.idMembers().isEmpty()) {
      problems.add(Problem.on(entity, null, Message.NO_ID, entity.getQualifiedName()));
    } else {
      AttributeChecks.access(entity, hierarchy, member).ifPresent(problems::add);
      scope.flatMap(it -> AttributeChecks.access(entity, hierarchy, it)).ifPresent(problems::add);
    }
    if (problems.isEmpty()) {
      IndexCheck.warning(entity, hierarchy, member, scope).ifPresent(problems::add);
    }
    return new ValidationReport(problems);
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
}
