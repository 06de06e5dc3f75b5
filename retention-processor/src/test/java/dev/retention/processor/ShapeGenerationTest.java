package dev.retention.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.retention.processor.Sources.assertMatchesGolden;
import static dev.retention.processor.Sources.compile;
import static dev.retention.processor.Sources.resource;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import java.util.List;
import java.util.stream.Collectors;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** The passes written for each entity shape, compared with golden files. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ShapeGenerationTest {

  private Compilation compilation;

  @BeforeAll
  void compileEveryShape() {
    compilation = compile(resource("com/acme/shapes/Token.java"), resource("com/acme/shapes/Expiring.java"),
        resource("com/acme/shapes/Upload.java"), resource("com/acme/shapes/Vehicle.java"),
        resource("com/acme/shapes/Ledger.java"), resource("com/acme/shapes/Pair.java"),
        resource("com/acme/shapes/Cart.java"), resource("com/acme/shapes/SpringSession.java"),
        resource("com/acme/shapes/Jwt.java"), resource("com/acme/shapes/Job.java"));
    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void propertyAccessWithARenamedColumnAndADateOnlyAttribute() {
    assertMatchesGolden(compilation, "com.acme.shapes.TokenRetentionPass", "TokenRetentionPass");
  }

  @Test
  void anAttributeInheritedFromAGenericMappedSuperclass() {
    assertMatchesGolden(compilation, "com.acme.shapes.UploadRetentionPass", "UploadRetentionPass");
  }

  @Test
  void anInheritanceHierarchyGetsOnePassForItsRoot() {
    assertMatchesGolden(compilation, "com.acme.shapes.VehicleRetentionPass", "VehicleRetentionPass");
    assertEquals(List.of(), passesNamed("Vehicle_Car"), "a subclass shares its root's pass");
  }

  @Test
  void aNestedEntityWithANameAndAnEmbeddedId() {
    assertMatchesGolden(compilation, "com.acme.shapes.Ledger_LineRetentionPass", "Ledger_LineRetentionPass");
  }

  @Test
  void aPackagePrivateEntityWithAnIdClassIsRemovedEntityByEntity() {
    assertMatchesGolden(compilation, "com.acme.shapes.PairRetentionPass", "PairRetentionPass");
  }

  @Test
  void anEntityWithAListenerAndOrphanRemovalIsRemovedEntityByEntity() {
    assertMatchesGolden(compilation, "com.acme.shapes.CartRetentionPass", "CartRetentionPass");
  }

  @Test
  void aPrimitiveLongOfEpochMillisecondsIsBoxedAndReadInMilliseconds() {
    assertMatchesGolden(compilation, "com.acme.shapes.SpringSessionRetentionPass", "SpringSessionRetentionPass");
  }

  @Test
  void anIntegerOfEpochSecondsWithAWindowIsReadInSeconds() {
    assertMatchesGolden(compilation, "com.acme.shapes.JwtRetentionPass", "JwtRetentionPass");
  }

  @Test
  void aConditionGoesToTheSuperclassAndIntoTheJavadoc() {
    assertMatchesGolden(compilation, "com.acme.shapes.JobRetentionPass", "JobRetentionPass");
  }

  @Test
  void theRegistryListsEveryPassSorted() {
    assertEquals(List.of("CartRetentionPass", "JobRetentionPass", "JwtRetentionPass", "Ledger_LineRetentionPass",
        "PairRetentionPass", "SpringSessionRetentionPass", "TokenRetentionPass", "UploadRetentionPass",
        "VehicleRetentionPass"),
        passesNamed(""));
  }

  private List<String> passesNamed(String prefix) {
    return compilation.generatedSourceFiles().stream()
        .map(JavaFileObject::getName)
        .map(name -> name.substring(name.lastIndexOf('/') + 1).replace(".java", ""))
        .filter(name -> name.startsWith(prefix) && name.endsWith("RetentionPass"))
        .sorted()
        .collect(Collectors.toList());
  }
}
