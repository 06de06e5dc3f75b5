package dev.retention.processor.step;

import com.palantir.javapoet.ClassName;
import dev.retention.processor.model.EntityPass;
import dev.retention.processor.model.EntityPassFactory;
import dev.retention.processor.model.RegistryModel;
import dev.retention.processor.option.ProcessorOptions;
import dev.retention.processor.reading.Annotations;
import dev.retention.processor.reading.EntityElements;
import dev.retention.processor.reading.GeneratedAnnotation;
import dev.retention.processor.reading.Hierarchy;
import dev.retention.processor.reading.ScopeMember;
import dev.retention.processor.reading.TtlMember;
import dev.retention.processor.validation.Diagnostics;
import dev.retention.processor.validation.EntityValidator;
import dev.retention.processor.validation.MemberValidator;
import dev.retention.processor.validation.Message;
import dev.retention.processor.validation.Problem;
import dev.retention.processor.validation.ScopeValidator;
import dev.retention.processor.validation.ValidationReport;
import dev.retention.processor.writing.PassWriter;
import dev.retention.processor.writing.RegistryWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * The work of each round, in the order of the packages: read each entity's elements, check them into a report and
 * print it, model the entity when the report is clean, write its pass. Then the registry, once a round adds no pass
 * and no entity waits for a later round; the services file is written in the final round.
 *
 * <p>Each {@code @Ttl} and {@code @TtlScope} member is checked once in the compilation, whether it is met on its own
 * or through the entities that inherit it, and each entity once. Entities whose hierarchy is not resolved yet are
 * deferred by name and read again in the next round. Nothing holds an {@code Element} across rounds.
 */
public final class RetentionStep {

  private final Elements elements;
  private final Filer filer;
  private final Diagnostics diagnostics;
  private final ProcessorOptions options;
  private final EntityValidator entityValidator;
  private final EntityPassFactory passFactory;
  private final GeneratedAnnotation generatedAnnotation;
  private final Set<String> compiledTypes = new HashSet<>();
  /** Whether each {@code @Ttl} member checked so far, by {@link TtlMember#key}, passed its checks. */
  private final Map<String, Boolean> validMembers = new HashMap<>();
  /** Whether each {@code @TtlScope} member checked so far, by {@link ScopeMember#key}, passed its checks. */
  private final Map<String, Boolean> validScopes = new HashMap<>();
  private final Set<String> deferred = new TreeSet<>();
  /** Pass class by pass name, for the registry; the entities are kept by name only. */
  private final TreeMap<String, ClassName> passes = new TreeMap<>();
  private RegistryModel registry;
  private int round;
  private int registryRound;

  public RetentionStep(ProcessingEnvironment environment, Diagnostics diagnostics, ProcessorOptions options) {
    this.elements = environment.getElementUtils();
    this.filer = environment.getFiler();
    this.diagnostics = diagnostics;
    this.options = options;
    this.entityValidator = new EntityValidator(environment.getTypeUtils(),
        type -> compiledTypes.contains(type.getQualifiedName().toString()));
    this.passFactory = new EntityPassFactory(environment.getTypeUtils());
    this.generatedAnnotation = new GeneratedAnnotation(elements);
  }

  /**
   * One round. The registry waits while an entity is deferred, since its pass may still come, and for a round that
   * adds no pass, which gives a processor that generates entities one more round. The last round adds no pass and
   * defers nothing (an entity still unresolved then is an error), so a registry not written before is written then.
   */
  public void process(RoundEnvironment environment) {
    round++;
    ElementFilter.typesIn(environment.getRootElements()).forEach(this::rememberCompiled);
    checkTtlMembers(environment);
    checkScopeMembers(environment);
    boolean wrotePasses = readEntities(environment);
    if (passes.isEmpty() || diagnostics.hadErrors()) {
      return;
    }
    if (registry == null && deferred.isEmpty() && !wrotePasses) {
      writeRegistry();
    }
    if (environment.processingOver() && registry != null) {
      writeServicesFile();
    }
  }

  private void rememberCompiled(TypeElement type) {
    compiledTypes.add(type.getQualifiedName().toString());
    ElementFilter.typesIn(type.getEnclosedElements()).forEach(this::rememberCompiled);
  }

  /** Checks each {@code @Ttl} member on its own, so that misuse outside any entity is reported too. */
  private void checkTtlMembers(RoundEnvironment environment) {
    TypeElement ttl = elements.getTypeElement(Annotations.TTL);
    if (ttl == null) {
      return;
    }
    for (Element element : environment.getElementsAnnotatedWith(ttl)) {
      Annotations.find(element, Annotations.TTL).ifPresent(mirror -> guarded(element,
          () -> memberIsValid(new TtlMember(element, mirror))));
    }
  }

  /** Checks each {@code @TtlScope} member on its own, so that misuse outside any entity is reported too. */
  private void checkScopeMembers(RoundEnvironment environment) {
    TypeElement scope = elements.getTypeElement(Annotations.TTL_SCOPE);
    if (scope == null) {
      return;
    }
    for (Element element : environment.getElementsAnnotatedWith(scope)) {
      Annotations.find(element, Annotations.TTL_SCOPE).ifPresent(mirror -> guarded(element,
          () -> scopeIsValid(new ScopeMember(element, mirror))));
    }
  }

  /** Reads this round's entities and those deferred; returns whether any pass was written. */
  private boolean readEntities(RoundEnvironment environment) {
    Set<String> names = new TreeSet<>(deferred);
    deferred.clear();
    TypeElement entity = elements.getTypeElement(Annotations.ENTITY);
    if (entity != null) {
      ElementFilter.typesIn(environment.getElementsAnnotatedWith(entity))
          .forEach(type -> names.add(type.getQualifiedName().toString()));
    }
    boolean wrote = false;
    for (String name : names) {
      TypeElement type = elements.getTypeElement(name);
      if (type != null) {
        wrote |= guarded(type, () -> read(type, environment.processingOver()));
      }
    }
    return wrote;
  }

  /** Reads, checks, models and writes one entity; returns whether a pass was written. */
  private boolean read(TypeElement entity, boolean lastRound) {
    Optional<EntityElements> read = EntityElements.read(entity);
    if (read.isEmpty()) {
      if (lastRound) {
        reportUnresolved(entity);
      } else {
        deferred.add(entity.getQualifiedName().toString());
      }
      return false;
    }
    if (!read.get().ownsPass()) {
      diagnostics.print(ScopeValidator.validateWithoutPass(read.get()));
      return false;
    }
    if (!isValid(read.get())) {
      return false;
    }
    if (registry != null) {
      diagnostics.report(Problem.on(entity, null, Message.LATE, entity.getQualifiedName(), round, registry.name(),
          registryRound));
      return false;
    }
    EntityPass pass = passFactory.model(read.get(), generatedAnnotation.resolvesNextTo(entity));
    diagnostics.report(Problem.on(entity, null, Message.STRATEGY, entity.getQualifiedName(),
        pass.strategy().removesEntities() ? "entity removal" : "bulk statements", pass.strategy().reason()));
    write(entity, () -> PassWriter.write(pass, entity).writeTo(filer));
    passes.put(pass.passName(), pass.passClass());
    return true;
  }

  private void reportUnresolved(TypeElement entity) {
    String superclass = Hierarchy.unresolvedSuperclass(entity).map(Object::toString).orElse("a superclass");
    diagnostics.report(Problem.on(entity, null, Message.UNRESOLVED, entity.getQualifiedName(), superclass,
        superclass));
  }

  private boolean isValid(EntityElements entity) {
    ValidationReport singles = entityValidator.validateSingles(entity);
    if (!singles.isClean()) {
      diagnostics.print(singles);
      return false;
    }
    boolean scopeValid = entity.scopeMember().map(this::scopeIsValid).orElse(true);
    if (!memberIsValid(entity.ttlMember()) || !scopeValid) {
      return false;
    }
    ValidationReport report = entityValidator.validate(entity);
    diagnostics.print(report);
    return report.isClean();
  }

  /** Checks the member and prints what is wrong, the first time it is met; later, the verdict alone. */
  private boolean memberIsValid(TtlMember member) {
    return validMembers.computeIfAbsent(member.key(), key -> {
      ValidationReport report = MemberValidator.validate(member);
      diagnostics.print(report);
      return report.isClean();
    });
  }

  /** Checks the scope member and prints what is wrong, the first time it is met; later, the verdict alone. */
  private boolean scopeIsValid(ScopeMember member) {
    return validScopes.computeIfAbsent(member.key(), key -> {
      ValidationReport report = ScopeValidator.validate(member);
      diagnostics.print(report);
      return report.isClean();
    });
  }

  private void writeRegistry() {
    List<TypeElement> entities = entities();
    registry = RegistryModel.of(new ArrayList<>(passes.values()), options.registry(),
        !entities.isEmpty() && entities.stream().allMatch(generatedAnnotation::resolvesNextTo));
    registryRound = round;
    write(null, () -> RegistryWriter.write(registry, entities).writeTo(filer));
  }

  private void writeServicesFile() {
    List<TypeElement> entities = entities();
    write(null, () -> RegistryWriter.writeServicesFile(filer, registry, entities));
  }

  /** The entities of the passes, fetched again by name for this round. */
  private List<TypeElement> entities() {
    List<TypeElement> entities = new ArrayList<>();
    passes.keySet().stream().map(elements::getTypeElement).filter(Objects::nonNull).forEach(entities::add);
    return entities;
  }

  private interface FileWrite {
    void run() throws IOException;
  }

  private void write(Element element, FileWrite write) {
    try {
      write.run();
    } catch (IOException e) {
      diagnostics.report(Problem.on(element, null, Message.UNEXPECTED,
          element == null ? "the registry" : element.toString(), "cannot write a file: " + e));
    }
  }

  /**
   * Runs work on one element; an unexpected exception becomes an error on that element, not a bare stack trace.
   *
   * @return what the work returned, or false when it failed
   */
  private boolean guarded(Element element, BooleanSupplier work) {
    try {
      return work.getAsBoolean();
    } catch (RuntimeException e) {
      StringWriter trace = new StringWriter();
      e.printStackTrace(new PrintWriter(trace));
      diagnostics.report(Problem.on(element, null, Message.UNEXPECTED, element, trace));
      return false;
    }
  }
}
