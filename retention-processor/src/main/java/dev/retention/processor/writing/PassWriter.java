package dev.retention.processor.writing;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.retention.processor.model.PassModel;
import dev.retention.processor.model.TtlAttribute;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;

/**
 * Writes the retention pass of one entity from its {@link PassModel}: a small typed subclass of the runtime's
 * {@code BulkStatementsPass} or {@code EntityRemovalPass}, which hold the statements. Little code per entity keeps the
 * processor's cost to a build small.
 */
public final class PassWriter {

  private PassWriter() {}

  /** The pass's source file; {@code originating} is the entity, for incremental builds. */
  public static JavaFile write(PassModel model, Element originating) {
    TtlAttribute attribute = model.attribute();
    TypeSpec.Builder pass = TypeSpec.classBuilder(model.passClass())
        .addJavadoc("$L", PassJavadoc.of(model));
    Names.markGenerated(pass, model.generatedAnnotation());
    pass.addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .superclass(superclass(model))
        .addOriginatingElement(originating)
        .addMethod(constructor(model))
        .addMethod(MethodSpec.methodBuilder("cutoffValue")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .returns(attribute.javaType())
            .addParameter(Names.CUTOFF, "cutoff")
            .addStatement("return cutoff.$L()", attribute.type().cutoffMethod())
            .build())
        .addMethods(epochReading(attribute));
    return JavaFile.builder(model.passClass().packageName(), pass.build())
        .skipJavaLangImports(true)
        .indent("  ")
        .build();
  }

  /**
   * For an attribute that holds epoch time, how a value is read as an instant (for the lag): the number alone does
   * not say its unit, the annotation did.
   */
  private static List<MethodSpec> epochReading(TtlAttribute attribute) {
    if (!attribute.type().isEpoch()) {
      return List.of();
    }
    return List.of(MethodSpec.methodBuilder("instantOf")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PROTECTED)
        .returns(Instant.class)
        .addParameter(attribute.javaType(), "value")
        .addParameter(Names.CUTOFF, "cutoff")
        .addStatement("return $T.$L(value)", Instant.class, attribute.type().instantFactory())
        .build());
  }

  private static TypeName superclass(PassModel model) {
    TypeName attribute = model.attribute().javaType();
    if (model.strategy().removesEntities()) {
      return ParameterizedTypeName.get(Names.ENTITY_REMOVAL_PASS, model.entity(), attribute);
    }
    return ParameterizedTypeName.get(Names.BULK_STATEMENTS_PASS, model.entity(), model.id().javaType(), attribute);
  }

  /** Hands the entity, its names and types, and the window to the superclass, which builds the statements. */
  private static MethodSpec constructor(PassModel model) {
    TtlAttribute attribute = model.attribute();
    CodeBlock.Builder arguments = CodeBlock.builder()
        .add("$T.class,$W$S,$W$S,$W$L,$W$T.class,$W$S", model.entity(), model.entityName(), attribute.name(),
            window(attribute.expireAfterSeconds()), rawType(attribute.javaType()), model.id().attribute());
    if (!model.strategy().removesEntities()) {
      arguments.add(",$W$T.class", rawType(model.id().javaType()));
    }
    if (model.scope() != null) {
      // The runtime's constructor with a scope takes the condition before it, null when there is none.
      arguments.add(",$W$S,$W$S", attribute.condition(), model.scope().name());
    } else if (attribute.condition() != null) {
      arguments.add(",$W$S", attribute.condition());
    }
    return MethodSpec.constructorBuilder()
        .addModifiers(Modifier.PUBLIC)
        .addStatement("super($L)", arguments.build())
        .build();
  }

  private static CodeBlock window(long seconds) {
    if (seconds == 0) {
      return CodeBlock.of("$T.ZERO", Duration.class);
    }
    Window window = Window.of(seconds);
    return CodeBlock.of("$T.$L($L)", Duration.class, window.factory(), window.amount());
  }

  private static TypeName rawType(TypeName type) {
    return type instanceof ParameterizedTypeName parameterized ? parameterized.rawType() : type;
  }
}
