package dev.retention.processor.writing;

import com.palantir.javapoet.ClassName;
import dev.retention.processor.RetentionProcessor;
import dev.retention.processor.reading.GeneratedAnnotation;

/** The runtime types that generated code refers to, by name: the processor does not depend on the runtime. */
final class Names {

  static final String RUNTIME = "dev.retention.runtime";

  static final ClassName RETENTION_PASS = ClassName.get(RUNTIME, "RetentionPass");
  static final ClassName RETENTION_REGISTRY = ClassName.get(RUNTIME, "RetentionRegistry");
  static final ClassName CUTOFF = ClassName.get(RUNTIME, "Cutoff");
  static final ClassName BULK_STATEMENTS_PASS = ClassName.get(RUNTIME + ".pass", "BulkStatementsPass");
  static final ClassName ENTITY_REMOVAL_PASS = ClassName.get(RUNTIME + ".pass", "EntityRemovalPass");

  /** {@code @Generated}, used where it resolves; it names the processor by its class, with no date. */
  static final ClassName GENERATED = ClassName.bestGuess(GeneratedAnnotation.NAME);
  static final String PROCESSOR = RetentionProcessor.class.getCanonicalName();

  private Names() {}
}
