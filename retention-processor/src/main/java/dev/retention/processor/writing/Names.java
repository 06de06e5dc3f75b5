package dev.retention.processor.writing;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;

/** The runtime and JPA types that generated code refers to, by name: the processor does not depend on them. */
final class Names {

  static final String RUNTIME = "dev.retention.runtime";

  static final ClassName RETENTION_PASS = ClassName.get(RUNTIME, "RetentionPass");
  static final ClassName RETENTION_REGISTRY = ClassName.get(RUNTIME, "RetentionRegistry");
  static final ClassName CUTOFF = ClassName.get(RUNTIME, "Cutoff");
  static final ClassName BULK_STATEMENTS_PASS = ClassName.get(RUNTIME + ".pass", "BulkStatementsPass");
  static final ClassName ENTITY_REMOVAL_PASS = ClassName.get(RUNTIME + ".pass", "EntityRemovalPass");

  static final String PROCESSOR = "dev.retention.processor.RetentionProcessor";

  /** {@code @Generated} naming the processor, with no date, so that output is the same on every build. */
  static final AnnotationSpec GENERATED = AnnotationSpec.builder(
          ClassName.get("javax.annotation.processing", "Generated"))
      .addMember("value", "$S", PROCESSOR)
      .build();

  private Names() {}
}
