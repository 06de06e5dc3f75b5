package dev.retention.processor.writing;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeSpec;
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

  /** {@code @Generated} naming the processor by its class, with no date, so that output is the same on every build. */
  private static final AnnotationSpec GENERATED = AnnotationSpec.builder(ClassName.bestGuess(GeneratedAnnotation.NAME))
      .addMember("value", "$S", RetentionProcessor.class.getCanonicalName())
      .build();

  private Names() {}

  /** Adds {@code @Generated} when it can be used where the type is generated. */
  static void markGenerated(TypeSpec.Builder type, boolean generatedAnnotation) {
    if (generatedAnnotation) {
      type.addAnnotation(GENERATED);
    }
  }
}
