package dev.retention.runtime;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The package rules of ARCHITECTURE.md ("Package dependencies point one way"), checked on the runtime's main classes:
 * no cycle among the internal packages, each internal package depending only on the internal packages
 * {@link #MAY_DEPEND_ON} names, the provider's code only where it is loaded when the provider is there, and the API's
 * packages free of the machinery. A change that needs another dependency changes the table below and ARCHITECTURE.md
 * together.
 */
class ArchitectureTest {

  private static final String RUNTIME = "dev.retention.runtime";
  private static final String INTERNAL = RUNTIME + ".internal.";
  private static final String ANY_INTERNAL = RUNTIME + ".internal..";
  /** The provider's packages: {@code lock.hibernate}, {@code shape.hibernate}, {@code transaction.hibernate}. */
  private static final String PROVIDER_PACKAGES = INTERNAL + "*.hibernate";

  /**
   * Each internal package, and the other internal packages it may depend on (the API, {@code generated} and
   * {@code health} aside). {@code assembly}, which wires everything, is the only one left out.
   */
  private static final Map<String, List<String>> MAY_DEPEND_ON = new LinkedHashMap<>();

  static {
    MAY_DEPEND_ON.put("sweep", List.of("shape", "pass", "scope", "transaction", "config", "lock", "partition", "policy",
        "mapping", "database", "pacing", "tenant"));
    MAY_DEPEND_ON.put("schedule", List.of("sweep"));
    MAY_DEPEND_ON.put("policy", List.of("pass", "scope", "mapping"));
    MAY_DEPEND_ON.put("partition", List.of("pass", "transaction"));
    MAY_DEPEND_ON.put("shape", List.of("pass", "transaction"));
    MAY_DEPEND_ON.put("shape.hibernate", List.of("shape", "pass", "partition", "config", "database"));
    MAY_DEPEND_ON.put("lock", List.of());
    MAY_DEPEND_ON.put("lock.hibernate", List.of("lock", "database"));
    MAY_DEPEND_ON.put("transaction", List.of());
    MAY_DEPEND_ON.put("transaction.hibernate", List.of("transaction"));
    MAY_DEPEND_ON.put("scope", List.of("config"));
    MAY_DEPEND_ON.put("pass", List.of());
    MAY_DEPEND_ON.put("config", List.of());
    MAY_DEPEND_ON.put("mapping", List.of());
    // The one place that knows a database; the packages whose interfaces it fills depend on none of it.
    MAY_DEPEND_ON.put("database", List.of("shape", "partition", "lock", "mapping", "pass", "pacing"));
    // What paces batches: replicas, the throttle, the rate; the database's reads fill its ReplicaReader.
    MAY_DEPEND_ON.put("pacing", List.of());
    MAY_DEPEND_ON.put("discovery", List.of());
    MAY_DEPEND_ON.put("hook", List.of());
    MAY_DEPEND_ON.put("report", List.of());
    // The tenants: what the provider says of them, the list, the tenant bound to the sweeping thread.
    MAY_DEPEND_ON.put("tenant", List.of());
    MAY_DEPEND_ON.put("tenant.hibernate", List.of("tenant"));
    MAY_DEPEND_ON.put("tenant.eclipselink", List.of("tenant"));
  }

  private static final JavaClasses CLASSES = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages(RUNTIME);

  @Test
  void noCycleAmongTheInternalPackages() {
    slices().matching(INTERNAL + "(**)").namingSlices("internal.$1").should().beFreeOfCycles().check(CLASSES);
  }

  @Test
  void eachInternalPackageDependsOnlyOnTheInternalPackagesItMay() {
    List<ArchRule> rules = new ArrayList<>();
    MAY_DEPEND_ON.forEach((dependent, allowed) -> rules.add(dependsOnlyOn(dependent, allowed)));
    CompositeArchRule.of(rules).check(CLASSES);
  }

  @Test
  void everyInternalPackageHasItsRule() {
    // A new package without a line in the table would be unchecked.
    String[] listed = MAY_DEPEND_ON.keySet().stream().map(name -> INTERNAL + name).toArray(String[]::new);
    classes().that().resideInAPackage(ANY_INTERNAL)
        .and().resideOutsideOfPackage(INTERNAL + "assembly")
        .should().resideInAnyPackage(listed)
        .as("every internal package but assembly is in ArchitectureTest.MAY_DEPEND_ON")
        .check(CLASSES);
  }

  @Test
  void theProvidersPackagesAreReachedOnlyFromTheAssembly() {
    // Loaded by assembly.ProviderSupport only when the provider is there; anything else naming them would load
    // Hibernate's classes in an application without Hibernate.
    noClasses().that().resideOutsideOfPackages(INTERNAL + "assembly", PROVIDER_PACKAGES)
        .should().dependOnClassesThat().resideInAPackage(PROVIDER_PACKAGES)
        .check(CLASSES);
  }

  @Test
  void hibernatesClassesAreNamedOnlyInTheProvidersPackagesMappingAndTheDatabaseDetection() {
    // DatabaseDetection asks the provider's dialect or platform from nested classes loaded only when it is present.
    noClasses().that().resideOutsideOfPackages(PROVIDER_PACKAGES, INTERNAL + "mapping")
        .and().doNotHaveFullyQualifiedName(INTERNAL + "database.DatabaseDetection$OnHibernate")
        .should().dependOnClassesThat().resideInAPackage("org.hibernate..")
        .check(CLASSES);
  }

  @Test
  void theAssemblyIsReachedOnlyFromTheApi() {
    noClasses().that().resideOutsideOfPackages(RUNTIME, INTERNAL + "assembly")
        .should().dependOnClassesThat().resideInAPackage(INTERNAL + "assembly")
        .check(CLASSES);
  }

  @Test
  void generatedCodesPackageAndTheHealthModelNeedNoInternalPackage() {
    noClasses().that().resideInAnyPackage(RUNTIME + ".generated", RUNTIME + ".health")
        .should().dependOnClassesThat().resideInAPackage(ANY_INTERNAL)
        .check(CLASSES);
  }

  /** Classes of {@code internal.<dependent>} depend on no internal package but their own and {@code allowed}. */
  private static ArchRule dependsOnlyOn(String dependent, List<String> allowed) {
    String[] packages = Stream.concat(Stream.of(dependent), allowed.stream()).map(name -> INTERNAL + name)
        .toArray(String[]::new);
    return noClasses().that().resideInAPackage(INTERNAL + dependent)
        .should().dependOnClassesThat(resideInAPackage(ANY_INTERNAL).and(not(resideInAnyPackage(packages))))
        .as("internal." + dependent + " depends on "
            + (allowed.isEmpty() ? "no other internal package" : "internal." + String.join(", internal.", allowed))
            + " only");
  }
}
