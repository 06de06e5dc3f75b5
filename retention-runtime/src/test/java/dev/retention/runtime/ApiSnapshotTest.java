package dev.retention.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The runtime's public API as text, every type {@link PublicApiTest} lists and each of its public and protected
 * members' signatures, against the committed {@code api/retention-runtime.txt}; and every one of those types named in
 * {@code CHANGELOG.md}. A change to the API fails here until the snapshot is updated, which a reviewer sees in the diff
 * beside the changelog entry it needs. {@code -Dapi.update=true} rewrites the snapshot.
 */
class ApiSnapshotTest {

  private static final String UPDATE = "update api/retention-runtime.txt and CHANGELOG.md";

  @Test
  void thePublicApiIsTheCommittedSnapshot() throws Exception {
    Path snapshot = root().resolve("api/retention-runtime.txt");
    String current = snapshotOfTheClasses();
    if (Boolean.getBoolean("api.update")) {
      Files.createDirectories(snapshot.getParent());
      Files.writeString(snapshot, current, StandardCharsets.UTF_8);
    }
    assertTrue(Files.isRegularFile(snapshot), snapshot + " is missing: " + UPDATE + " (-Dapi.update=true writes it)");
    List<String> committed = qualified(Files.readString(snapshot, StandardCharsets.UTF_8));
    List<String> compiled = qualified(current);
    List<String> gone = committed.stream().filter(line -> !compiled.contains(line)).collect(Collectors.toList());
    List<String> added = compiled.stream().filter(line -> !committed.contains(line)).collect(Collectors.toList());
    assertTrue(gone.isEmpty() && added.isEmpty() && committed.equals(compiled), () -> "The public API changed: "
        + UPDATE + " (-Dapi.update=true rewrites the snapshot; the changelog's entry, with an upgrade note when it"
        + " breaks callers, is yours to write)\n  in the snapshot only:\n    " + String.join("\n    ", gone)
        + "\n  in the classes only:\n    " + String.join("\n    ", added));
  }

  /** The snapshot's lines, each member prefixed with its type, so that a difference names where it is. */
  private static List<String> qualified(String snapshot) {
    List<String> lines = new ArrayList<>();
    String type = "";
    for (String line : snapshot.lines().collect(Collectors.toList())) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      if (line.startsWith("  ")) {
        lines.add(type + " ::" + line.substring(1));
      } else {
        type = line;
        lines.add(line);
      }
    }
    return lines;
  }

  @Test
  void everyPublicTypeIsNamedInTheChangelog() throws Exception {
    String changelog = Files.readString(root().resolve("CHANGELOG.md"), StandardCharsets.UTF_8);
    List<String> missing = PublicApiTest.publicTypesOutsideInternal().stream()
        .map(name -> name.substring(name.lastIndexOf('.') + 1).replace('$', '.'))
        .filter(simpleName -> !changelog.contains("`" + simpleName))
        .collect(Collectors.toList());
    assertEquals(List.of(), missing, "Public types CHANGELOG.md does not name (as `Name`): " + UPDATE);
  }

  /** Every listed type's kind and name, then its members' signatures, each sorted. */
  static String snapshotOfTheClasses() throws Exception {
    StringBuilder text = new StringBuilder("# The public API of retention-runtime, written by ApiSnapshotTest"
        + " (-Dapi.update=true). A change here needs an entry in CHANGELOG.md.\n");
    for (String name : PublicApiTest.publicTypesOutsideInternal()) {
      Class<?> type = Class.forName(name, false, ApiSnapshotTest.class.getClassLoader());
      text.append('\n').append(kind(type)).append(' ').append(type.getName()).append(supertypes(type)).append('\n');
      members(type).forEach(member -> text.append("  ").append(member).append('\n'));
    }
    return text.toString();
  }

  private static String kind(Class<?> type) {
    String modifiers = Modifier.toString(type.getModifiers() & (Modifier.ABSTRACT | Modifier.FINAL | Modifier.STATIC));
    String kind = type.isAnnotation() ? "@interface" : type.isInterface() ? "interface" : type.isEnum() ? "enum"
        : type.isRecord() ? "record" : "class";
    if (type.isInterface() || type.isEnum() || type.isRecord()) {
      modifiers = type.getEnclosingClass() != null ? "static" : "";
    }
    return (modifiers.isEmpty() ? "" : modifiers + " ") + kind;
  }

  private static String supertypes(Class<?> type) {
    List<String> names = new ArrayList<>();
    if (type.getGenericSuperclass() != null && type.getSuperclass() != Object.class && !type.isEnum()
        && !type.isRecord()) {
      names.add("extends " + type.getGenericSuperclass().getTypeName());
    }
    for (var implemented : type.getGenericInterfaces()) {
      names.add((type.isInterface() ? "extends " : "implements ") + implemented.getTypeName());
    }
    return names.isEmpty() ? "" : " " + String.join(" ", names);
  }

  private static List<String> members(Class<?> type) {
    Stream<String> fields = Stream.of(type.getDeclaredFields())
        .filter(field -> visible(field.getModifiers()) && !field.isSynthetic())
        .map(ApiSnapshotTest::signature);
    Stream<String> constructors = Stream.of(type.getDeclaredConstructors())
        .filter(constructor -> visible(constructor.getModifiers()) && !constructor.isSynthetic())
        .map(ApiSnapshotTest::signature);
    Stream<String> methods = Stream.of(type.getDeclaredMethods())
        .filter(method -> visible(method.getModifiers()) && !method.isSynthetic() && !method.isBridge())
        .map(ApiSnapshotTest::signature);
    return Stream.of(fields, constructors, methods).flatMap(members -> members).sorted().collect(Collectors.toList());
  }

  private static boolean visible(int modifiers) {
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
  }

  private static String signature(Field field) {
    return Modifier.toString(field.getModifiers()) + " " + field.getGenericType().getTypeName() + " " + field.getName();
  }

  private static String signature(Executable executable) {
    // toGenericString names the modifiers, type parameters, parameter and return types and what it throws.
    String text = executable instanceof Method method ? method.toGenericString()
        : ((Constructor<?>) executable).toGenericString();
    return text.replace(executable.getDeclaringClass().getName() + ".", "");
  }

  /** The project's root: the folder above this module that holds CHANGELOG.md. */
  private static Path root() throws IOException {
    return ProjectRoot.path();
  }

}
