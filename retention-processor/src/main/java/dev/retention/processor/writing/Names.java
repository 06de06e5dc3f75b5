package dev.retention.processor.writing;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeSpec;
import dev.retention.processor.reading.GeneratedAnnotation;

/** The runtime types that generated code refers to, by name: the processor does not depend on the runtime. */
final class Names {

  /** The runtime's package for generated code. */
  static final String GENERATED_SUPPORT = "dev.retention.runtime.generated";

  static final ClassName GENERATED_PASS = ClassName.get(GENERATED_SUPPORT, "GeneratedPass");
  static final ClassName PASS_DESCRIPTOR = ClassName.get(GENERATED_SUPPORT, "PassDescriptor");
  static final ClassName RETENTION_REGISTRY = ClassName.get(GENERATED_SUPPORT, "RetentionRegistry");
  static final ClassName CUTOFF = ClassName.get(GENERATED_SUPPORT, "Cutoff");

  /** The processor's class, as {@code @Generated} names it; a test checks it against the class. */
  static final String PROCESSOR = "dev.retention.processor.RetentionProcessor";

  /** {@code @Generated} naming the processor by its class, with no date, so that output is the same on every build. */
  private static final AnnotationSpec GENERATED = AnnotationSpec.builder(ClassName.bestGuess(GeneratedAnnotation.NAME))
      .addMember("value", "$S", PROCESSOR)
      .build();

  private Names() {}

  /** Adds {@code @Generated} when it can be used where the type is generated. */
  static void markGenerated(TypeSpec.Builder type, boolean generatedAnnotation) {
    if (generatedAnnotation) {
      type.addAnnotation(GENERATED);
    }
  }
}
