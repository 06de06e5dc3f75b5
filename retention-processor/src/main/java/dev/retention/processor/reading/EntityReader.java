package dev.retention.processor.reading;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import dev.retention.processor.model.EntityId;
import dev.retention.processor.model.PassModel;
import dev.retention.processor.model.TemporalType;
import dev.retention.processor.model.TtlAttribute;
import dev.retention.processor.validation.Diagnostics;
import dev.retention.processor.validation.Diagnostics.Problem;
import dev.retention.processor.validation.Message;
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
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * Reads one {@code @Entity} into the model of its retention pass, with every problem found on the way. An entity gets
 * a pass when it is the topmost entity of its hierarchy that has the {@code @Ttl} attribute; its subclasses share its
 * rows, and so its pass.
 */
public final class EntityReader {

  private final Types types;
  private final IdReader ids;
  private final Predicate<TypeElement> inCompilation;

  /**
   * @param inCompilation whether a class is compiled now, from source, so that a message can point into it
   */
  public EntityReader(Types types, Predicate<TypeElement> inCompilation) {
    this.types = types;
    this.ids = new IdReader(types);
    this.inCompilation = inCompilation;
  }

  /** What reading an entity gave. */
  public record Reading(Status status, Optional<PassModel> pass, List<Problem> problems) {

    /** Whether the entity gets a pass, has none to get, has errors, or must wait for a later round. */
    public enum Status { PASS, NONE, INVALID, DEFERRED }

    static Reading none() {
      return new Reading(Status.NONE, Optional.empty(), List.of());
    }

    static Reading deferred() {
      return new Reading(Status.DEFERRED, Optional.empty(), List.of());
    }
  }

  public Reading read(TypeElement entity) {
    Optional<Hierarchy> resolved = Hierarchy.of(entity);
    if (resolved.isEmpty()) {
      return Reading.deferred();
    }
    Hierarchy hierarchy = resolved.get();
    List<TtlMember> members = hierarchy.ttlMembers();
    if (members.isEmpty()) {
      return Reading.none();
    }
    List<Problem> problems = new ArrayList<>();
    if (members.size() > 1) {
      problems.add(duplicate(entity, members));
      return new Reading(Reading.Status.INVALID, Optional.empty(), problems);
    }
    TtlMember member = members.get(0);
    if (!hierarchy.topmostEntityUpTo(member.declaringType()).equals(entity)) {
      return Reading.none();
    }
    problems.addAll(AttributeChecks.check(member));
    if (problems.isEmpty()) {
      problems.addAll(checkEntity(entity, hierarchy, member));
    }
    if (problems.stream().anyMatch(Problem::isError)) {
      return new Reading(Reading.Status.INVALID, Optional.empty(), problems);
    }
    PassModel pass = model(entity, hierarchy, member);
    problems.add(Problem.on(entity, null, Message.STRATEGY, entity.getQualifiedName(),
        pass.strategy().removesEntities() ? "entity removal" : "bulk statements", pass.strategy().reason()));
    indexProblem(entity, hierarchy, member, pass.attribute().name()).ifPresent(problems::add);
    return new Reading(Reading.Status.PASS, Optional.of(pass), problems);
  }

  private List<Problem> checkEntity(TypeElement entity, Hierarchy hierarchy, TtlMember member) {
    List<Problem> problems = new ArrayList<>();
    AttributeChecks.checkType(member, typeInEntity(entity, member)).ifPresent(problems::add);
    if (!entity.getTypeParameters().isEmpty()) {
      problems.add(Problem.on(entity, null, Message.GENERIC, entity.getQualifiedName()));
    }
    reachability(entity).ifPresent(problems::add);
    if (IdReader.idMembers(hierarchy).isEmpty()) {
      problems.add(Problem.on(entity, null, Message.NO_ID, entity.getQualifiedName()));
    } else {
      access(entity, hierarchy, member).ifPresent(problems::add);
    }
    return problems;
  }

  private PassModel model(TypeElement entity, Hierarchy hierarchy, TtlMember member) {
    TypeMirror type = typeInEntity(entity, member);
    TemporalType temporal = AttributeChecks.temporalType(member, type).orElseThrow();
    TtlAttribute attribute = new TtlAttribute(
        AttributeChecks.attributeName(member),
        temporal,
        TypeName.get(types.erasure(type)),
        AttributeChecks.expireAfterSeconds(member).orElseThrow(),
        member.declaringType().getSimpleName().toString(),
        member.isMethod());
    EntityId id = ids.read(hierarchy).orElseThrow();
    ClassName entityClass = ClassName.get(entity);
    ClassName passClass = ClassName.get(entityClass.packageName(),
        String.join("_", entityClass.simpleNames()) + "RetentionPass");
    return new PassModel(entityClass, entityName(entity), passClass, attribute, id,
        RemovalNeeds.decide(hierarchy, id.kind() == EntityId.Kind.ID_CLASS));
  }

  /** The attribute's type as the entity sees it, with any type variable of a generic superclass bound. */
  private TypeMirror typeInEntity(TypeElement entity, TtlMember member) {
    TypeMirror type = types.asMemberOf((DeclaredType) entity.asType(), member.element());
    return member.isMethod() ? ((ExecutableType) type).getReturnType() : type;
  }

  /**
   * The entity's name in JPQL: {@code @Entity(name)}, else the class name without its package, which for a nested
   * class is its binary name ({@code Outer$Inner}), as Hibernate names it.
   */
  private static String entityName(TypeElement entity) {
    return Annotations.find(entity, Annotations.ENTITY)
        .map(annotation -> Annotations.stringValue(annotation, "name", ""))
        .filter(name -> !name.isEmpty())
        .orElse(String.join("$", ClassName.get(entity).simpleNames()));
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
  private Optional<Problem> access(TypeElement entity, Hierarchy hierarchy, TtlMember member) {
    if (Annotations.has(member.element(), Annotations.ACCESS)) {
      return Optional.empty();
    }
    Optional<String> explicit = explicitAccess(member.declaringType());
    Optional<ExecutableElement> idGetter = IdReader.idGetter(hierarchy);
    boolean property = explicit.map("PROPERTY"::equals).orElse(idGetter.isPresent());
    if (property == member.isMethod()) {
      return Optional.empty();
    }
    String because = explicit.isPresent()
        ? "@Access(" + explicit.get() + ") on " + member.declaringType().getSimpleName()
        : property
            ? "its @Id is on " + idGetter.get().getSimpleName() + "()"
            : "its @Id is on field " + IdReader.idMembers(hierarchy).get(0).getSimpleName();
    String name = AttributeChecks.attributeName(member);
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

  private Optional<Problem> indexProblem(TypeElement entity, Hierarchy hierarchy, TtlMember member, String attribute) {
    String column = IndexCheck.columnName(member, attribute);
    if (IndexCheck.covered(hierarchy, column)
        || Diagnostics.suppressed(member.element(), Message.INDEX.tag())) {
      return Optional.empty();
    }
    AnnotationMirror table = Annotations.find(entity, Annotations.TABLE).orElse(null);
    return Optional.of(Problem.on(entity, table, Message.INDEX, entity.getQualifiedName(), column, column));
  }
}
