package dev.retention.quarkus;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The Quarkus extension (its run-time module and its build steps) adapts the runtime's public API ({@code
 * dev.retention.runtime}, {@code health}) and never its {@code internal} packages, which may change in any release
 * (ARCHITECTURE.md, "a new integration").
 */
class NoInternalImportsTest {

  @Test
  void noClassDependsOnTheRuntimesInternalPackages() {
    JavaClasses classes = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("dev.retention.quarkus");
    noClasses().should().dependOnClassesThat().resideInAPackage("dev.retention.runtime.internal..")
        .check(classes);
  }
}
