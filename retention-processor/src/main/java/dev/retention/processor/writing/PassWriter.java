package dev.retention.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import dev.retention.processor.model.PassModel;
import dev.retention.processor.model.TtlAttribute;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the retention pass of one entity from its {@link PassModel}: a small typed subclass of the runtime's
 * {@code BulkStatementsPass} or {@code EntityRemovalPass}, which hold the statements. Little code per entity keeps the
 * processor's cost to a build small.
 */
public final class PassWriter {

  private static final ClassName DURATION = ClassName.get("java.time", "Duration");

  private PassWriter() {}

  /** The pass's source. */
  public static String write(PassModel model) {
    TtlAttribute attribute = model.attribute();
    ClassName pass = model.passClass();
    JavaSource source = new JavaSource(pass.packageName(), pass);
    String generated = model.generatedAnnotation() ? source.name(Names.GENERATED) : null;
    String superclass = source.name(superclass(model));
    String base = source.name(model.strategy().removesEntities() ? Names.ENTITY_REMOVAL_PASS
        : Names.BULK_STATEMENTS_PASS);
    List<String> arguments = constructorArguments(model, source);
    String attributeType = source.name(attribute.javaType());
    String cutoff = source.name(Names.CUTOFF);

    StringBuilder body = new StringBuilder(2048);
    JavaSource.javadoc(body, PassJavadoc.of(model, base));
    if (generated != null) {
      body.append('@').append(generated).append('(').append(JavaSource.literal(Names.PROCESSOR)).append(")\n");
    }
    body.append("public final class ").append(pass.simpleName()).append(" extends ").append(superclass)
        .append(" {\n");
    String member = JavaSource.INDENT;
    String statement = member + JavaSource.INDENT;
    body.append(member).append("public ").append(pass.simpleName()).append("() {\n");
    JavaSource.wrapped(body, statement, "super(", arguments, ");");
    body.append(member).append("}\n\n");
    body.append(member).append("@Override\n");
    body.append(member).append("public ").append(attributeType).append(" cutoffValue(").append(cutoff)
        .append(" cutoff) {\n");
    body.append(statement).append("return cutoff.").append(attribute.type().cutoffMethod()).append("();\n");
    body.append(member).append("}\n");
    body.append("}\n");
    return source.file(body.toString());
  }

  private static TypeName superclass(PassModel model) {
    TypeName attribute = model.attribute().javaType();
    if (model.strategy().removesEntities()) {
      return ParameterizedTypeName.get(Names.ENTITY_REMOVAL_PASS, model.entity(), attribute);
    }
    return ParameterizedTypeName.get(Names.BULK_STATEMENTS_PASS, model.entity(), model.id().javaType(), attribute);
  }

  /** The entity, its names and types, and the window, for the superclass, which builds the statements. */
  private static List<String> constructorArguments(PassModel model, JavaSource source) {
    TtlAttribute attribute = model.attribute();
    List<String> arguments = new ArrayList<>();
    arguments.add(source.name(model.entity()) + ".class");
    arguments.add(JavaSource.literal(model.entityName()));
    arguments.add(JavaSource.literal(attribute.name()));
    arguments.add(window(attribute.expireAfterSeconds(), source));
    arguments.add(source.name(rawType(attribute.javaType())) + ".class");
    arguments.add(JavaSource.literal(model.id().attribute()));
    if (!model.strategy().removesEntities()) {
      arguments.add(source.name(rawType(model.id().javaType())) + ".class");
    }
    return arguments;
  }

  private static String window(long seconds, JavaSource source) {
    String duration = source.name(DURATION);
    if (seconds == 0) {
      return duration + ".ZERO";
    }
    Window window = Window.of(seconds);
    return duration + "." + window.factory() + "(" + window.amount() + ")";
  }

  private static TypeName rawType(TypeName type) {
    return type instanceof ParameterizedTypeName parameterized ? parameterized.rawType() : type;
  }
}
