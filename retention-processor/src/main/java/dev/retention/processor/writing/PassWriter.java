package dev.retention.processor.writing;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.retention.processor.model.EntityPass;
import dev.retention.processor.reading.TemporalType;
import dev.retention.processor.model.TtlAttribute;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;

/**
 * Writes the retention pass of one entity from its {@link EntityPass}: a short descriptor that names the entity, its
 * id, the {@code @Ttl} attribute and window, the epoch unit, the condition, the scope and the delete strategy with its
 * reason, through named steps of the runtime's {@code PassDescriptor}; and the one method only generated code can
 * write, the cutoff as a value of the attribute's own type. The runtime builds and runs every statement. Little code
 * per entity, and no generic type to infer, keeps the processor's cost to a build small.
 */
public final class PassWriter {

  private PassWriter() {}

  /** The pass's source file; {@code originating} is the entity, for incremental builds. */
  public static JavaFile write(EntityPass model, Element originating) {
    TtlAttribute attribute = model.attribute();
    TypeSpec.Builder pass = TypeSpec.classBuilder(model.passClass())
        .addJavadoc("$L", PassJavadoc.of(model));
    Names.markGenerated(pass, model.generatedAnnotation());
    pass.addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .superclass(Names.GENERATED_PASS)
        .addOriginatingElement(originating)
        .addMethod(MethodSpec.constructorBuilder()
            .addModifiers(Modifier.PUBLIC)
            .addStatement("super($L)", descriptor(model))
            .build())
        .addMethod(MethodSpec.methodBuilder("cutoffValue")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .returns(rawType(attribute.javaType()))
            .addParameter(Names.CUTOFF, "cutoff")
            .addStatement("return cutoff.$L()", attribute.type().cutoffMethod())
            .build());
    return JavaFile.builder(model.passClass().packageName(), pass.build())
        .skipJavaLangImports(true)
        .indent("  ")
        .build();
  }

  /** The entity's description, one named step a line. */
  private static CodeBlock descriptor(EntityPass model) {
    TtlAttribute attribute = model.attribute();
    CodeBlock.Builder steps = CodeBlock.builder()
        .add("$T.entity($T.class, $S)", Names.PASS_DESCRIPTOR, model.entity(), model.entityName())
        .add("\n.id($S)", model.id().attribute())
        .add("\n.ttl($S, $L)", attribute.name(), window(attribute.expireAfterSeconds()));
    if (attribute.type().isEpoch()) {
      steps.add("\n.epoch($T.$L)", ChronoUnit.class,
          attribute.type() == TemporalType.EPOCH_MILLIS ? ChronoUnit.MILLIS.name() : ChronoUnit.SECONDS.name());
    }
    if (attribute.condition() != null) {
      steps.add("\n.when($S)", attribute.condition());
    }
    if (model.scope() != null) {
      steps.add("\n.scope($S)", model.scope().name());
    }
    steps.add("\n.$L($L)", model.strategy().removesEntities() ? "entityRemoval" : "bulkStatements",
        wrapped(model.strategy().reason()));
    return steps.build();
  }

  /** The longest piece of a string literal before it is continued on the next line. */
  private static final int LITERAL_PIECE = 60;

  /**
   * {@code text} as a string literal, in pieces joined with {@code +} where JavaPoet may wrap the line, so that a long
   * reason stays within the line length as hand-written code would.
   */
  private static CodeBlock wrapped(String text) {
    CodeBlock.Builder literal = CodeBlock.builder();
    int start = 0;
    while (text.length() - start > LITERAL_PIECE) {
      int space = text.lastIndexOf(' ', start + LITERAL_PIECE);
      int end = space > start ? space + 1 : start + LITERAL_PIECE;
      literal.add("$S$W+ ", text.substring(start, end));
      start = end;
    }
    return literal.add("$S", text.substring(start)).build();
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
