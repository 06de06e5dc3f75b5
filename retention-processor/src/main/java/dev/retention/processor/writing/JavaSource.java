package dev.retention.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * One small Java source file, written as text: the names it refers to, imported where that is safe, and qualified
 * where a simple name would be ambiguous. The files the processor writes have a fixed shape, so text costs a build far
 * less than a general code generator's model of them, and reads the same; the golden files hold the output to
 * JavaPoet's formatting.
 */
final class JavaSource {

  /** The longest line the wrapping keeps to, as JavaPoet does. */
  static final int COLUMN_LIMIT = 100;

  static final String INDENT = "  ";

  private final String packageName;
  /** For each simple name used unqualified, the top-level class it means. */
  private final Map<String, ClassName> simpleNames = new HashMap<>();
  private final TreeSet<String> imports = new TreeSet<>();

  /**
   * @param packageName the file's package
   * @param declared the class the file declares, whose simple name is taken
   */
  JavaSource(String packageName, ClassName declared) {
    this.packageName = packageName;
    simpleNames.put(declared.simpleName(), declared);
  }

  /** How the file refers to {@code type}: by its simple name where the file can, importing it if need be. */
  String name(TypeName type) {
    if (type instanceof ParameterizedTypeName parameterized) {
      List<String> arguments = new ArrayList<>();
      parameterized.typeArguments().forEach(argument -> arguments.add(name(argument)));
      return name(parameterized.rawType()) + "<" + String.join(", ", arguments) + ">";
    }
    if (!(type instanceof ClassName className)) {
      return type.toString();
    }
    ClassName topLevel = className.topLevelClassName();
    String nested = className.simpleNames().size() == 1
        ? ""
        : "." + String.join(".", className.simpleNames().subList(1, className.simpleNames().size()));
    ClassName holder = simpleNames.get(topLevel.simpleName());
    if (holder != null && !holder.equals(topLevel)) {
      return topLevel.canonicalName() + nested;
    }
    if (holder == null) {
      simpleNames.put(topLevel.simpleName(), topLevel);
      if (!topLevel.packageName().equals(packageName) && !topLevel.packageName().equals("java.lang")) {
        imports.add(topLevel.canonicalName());
      }
    }
    return topLevel.simpleName() + nested;
  }

  /** The file: package, imports, then {@code body} (the type declaration, with its javadoc). */
  String file(String body) {
    StringBuilder file = new StringBuilder(body.length() + 512);
    if (!packageName.isEmpty()) {
      file.append("package ").append(packageName).append(";\n\n");
    }
    for (String imported : imports) {
      file.append("import ").append(imported).append(";\n");
    }
    if (!imports.isEmpty()) {
      file.append('\n');
    }
    return file.append(body).toString();
  }

  /** A javadoc comment at the top level: {@code text}'s lines, each behind {@code " * "}. */
  static void javadoc(StringBuilder out, String text) {
    out.append("/**\n");
    String lines = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    for (String line : lines.split("\n", -1)) {
      out.append(line.isEmpty() ? " *" : " * ").append(line).append('\n');
    }
    out.append(" */\n");
  }

  /** A string literal, quotes and backslashes escaped. */
  static String literal(String value) {
    return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }

  /**
   * {@code opening}, then the arguments separated by commas, then {@code closing}, on one line where it fits within the
   * column limit, else wrapped before the argument that does not fit, continuing two indents deeper.
   */
  static void wrapped(StringBuilder out, String indent, String opening, List<String> arguments, String closing) {
    String continuation = indent + INDENT + INDENT;
    out.append(indent).append(opening);
    int column = indent.length() + opening.length();
    for (int i = 0; i < arguments.size(); i++) {
      String segment = arguments.get(i) + (i == arguments.size() - 1 ? closing : ",");
      if (i > 0) {
        if (column + 1 + segment.length() > COLUMN_LIMIT) {
          out.append('\n').append(continuation);
          column = continuation.length();
        } else {
          out.append(' ');
          column++;
        }
      }
      out.append(segment);
      column += segment.length();
    }
    out.append('\n');
  }
}
