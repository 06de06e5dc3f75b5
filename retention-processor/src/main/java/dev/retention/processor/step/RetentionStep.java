package dev.retention.processor.step;

import com.palantir.javapoet.ClassName;
import dev.retention.processor.model.PassModel;
import dev.retention.processor.model.RegistryModel;
import dev.retention.processor.option.ProcessorOptions;
import dev.retention.processor.reading.Annotations;
import dev.retention.processor.reading.AttributeChecks;
import dev.retention.processor.reading.EntityReader;
import dev.retention.processor.reading.EntityReader.Reading;
import dev.retention.processor.reading.TtlMember;
import dev.retention.processor.validation.Diagnostics;
import dev.retention.processor.validation.Diagnostics.Problem;
import dev.retention.processor.validation.Message;
import dev.retention.processor.writing.PassWriter;
import dev.retention.processor.writing.RegistryWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
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
 * The work of each round: check every {@code @Ttl} member, read every entity into a pass model and write its pass,
 * then, once a round adds no pass, write the registry; the services file is written in the final round.
 *
 * <p>Entities whose hierarchy is not resolved yet are deferred by name and read again in the next round. Nothing
 * holds an {@code Element} across rounds.
 */
public final class RetentionStep {

  private final Elements elements;
  private final Filer filer;
  private final Diagnostics diagnostics;
  private final ProcessorOptions options;
  private final EntityReader reader;
  private final Set<String> compiledTypes = new HashSet<>();
  private final Set<String> deferred = new TreeSet<>();
  /** Pass class by pass name, for the registry; the entities are kept by name only. */
  private final TreeMap<String, ClassName> passes = new TreeMap<>();
  private RegistryModel registry;

  public RetentionStep(ProcessingEnvironment environment, Diagnostics diagnostics, ProcessorOptions options) {
    this.elements = environment.getElementUtils();
    this.filer = environment.getFiler();
    this.diagnostics = diagnostics;
    this.options = options;
    this.reader = new EntityReader(environment.getTypeUtils(),
        type -> compiledTypes.contains(type.getQualifiedName().toString()));
  }

  public void process(RoundEnvironment round) {
    ElementFilter.typesIn(round.getRootElements()).forEach(this::rememberCompiled);
    checkTtlMembers(round);
    boolean wrotePasses = readEntities(round);
    if (passes.isEmpty() || diagnostics.hadErrors()) {
      return;
    }
    if (registry == null && (!wrotePasses || round.processingOver())) {
      writeRegistry();
    }
    if (round.processingOver() && registry != null) {
      writeServicesFile();
    }
  }

  private void rememberCompiled(TypeElement type) {
    compiledTypes.add(type.getQualifiedName().toString());
    ElementFilter.typesIn(type.getEnclosedElements()).forEach(this::rememberCompiled);
  }

  /** Checks each {@code @Ttl} member on its own, so that misuse outside any entity is reported too. */
  private void checkTtlMembers(RoundEnvironment round) {
    TypeElement ttl = elements.getTypeElement(Annotations.TTL);
    if (ttl == null) {
      return;
    }
    for (Element element : round.getElementsAnnotatedWith(ttl)) {
      Annotations.find(element, Annotations.TTL).ifPresent(mirror -> guarded(element,
          () -> AttributeChecks.check(new TtlMember(element, mirror)).forEach(diagnostics::report)));
    }
  }

  /** Reads this round's entities and those deferred; returns whether any pass was written. */
  private boolean readEntities(RoundEnvironment round) {
    Set<String> names = new TreeSet<>(deferred);
    deferred.clear();
    TypeElement entity = elements.getTypeElement(Annotations.ENTITY);
    if (entity != null) {
      ElementFilter.typesIn(round.getElementsAnnotatedWith(entity))
          .forEach(type -> names.add(type.getQualifiedName().toString()));
    }
    boolean wrote = false;
    for (String name : names) {
      TypeElement type = elements.getTypeElement(name);
      if (type != null) {
        wrote |= guarded(type, () -> read(type, round.processingOver()));
      }
    }
    return wrote;
  }

  private boolean read(TypeElement entity, boolean lastRound) {
    Reading reading = reader.read(entity);
    reading.problems().forEach(diagnostics::report);
    if (reading.status() == Reading.Status.DEFERRED && !lastRound) {
      deferred.add(entity.getQualifiedName().toString());
    }
    if (reading.pass().isEmpty()) {
      return false;
    }
    PassModel pass = reading.pass().get();
    if (passes.containsKey(pass.passName())) {
      return false;
    }
    write(entity, () -> PassWriter.write(pass, entity).writeTo(filer));
    passes.put(pass.passName(), pass.passClass());
    return true;
  }

  private void writeRegistry() {
    registry = RegistryModel.of(new ArrayList<>(passes.values()), options.registry());
    List<TypeElement> entities = entities();
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

  private void guarded(Element element, Runnable work) {
    guarded(element, () -> {
      work.run();
      return false;
    });
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
