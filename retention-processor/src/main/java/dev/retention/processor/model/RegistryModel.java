package dev.retention.processor.model;

import com.palantir.javapoet.ClassName;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The registry of one compilation: its name and the passes it lists, sorted.
 *
 * @param name the registry class
 * @param nameConfigured whether the name was set with {@code -Aretention.registry}, rather than made from a hash
 * @param passes the pass classes, sorted by name
 * @param generatedAnnotation whether {@code @Generated} can be used in the registry's package
 */
public record RegistryModel(ClassName name, boolean nameConfigured, List<ClassName> passes,
    boolean generatedAnnotation) {

  /**
   * The registry for {@code passes}, named {@code configuredName} when given, else
   * {@code <common package>.RetentionRegistry_<hash>}: the package the passes share and eight hex digits of a hash of
   * their names, so that two modules with entities in one package still get registries of different names.
   */
  public static RegistryModel of(List<ClassName> passes, Optional<String> configuredName,
      boolean generatedAnnotation) {
    List<ClassName> sorted = passes.stream().sorted().collect(Collectors.toList());
    ClassName name = configuredName.map(ClassName::bestGuess).orElseGet(() -> defaultName(sorted));
    return new RegistryModel(name, configuredName.isPresent(), sorted, generatedAnnotation);
  }

  private static ClassName defaultName(List<ClassName> sorted) {
    String joined = sorted.stream().map(ClassName::canonicalName).collect(Collectors.joining("\n"));
    return ClassName.get(commonPackage(sorted), "RetentionRegistry_" + String.format("%08x", fnv1a32(joined)));
  }

  /**
   * The longest package prefix all passes share; the unnamed package when any pass is in it (a class there can be
   * named from nowhere else); else the first pass's package when they share none.
   */
  static String commonPackage(List<ClassName> sorted) {
    if (sorted.stream().anyMatch(pass -> pass.packageName().isEmpty())) {
      return "";
    }
    String[] common = sorted.get(0).packageName().split("\\.");
    int length = common.length;
    for (ClassName pass : sorted) {
      String[] parts = pass.packageName().split("\\.");
      int shared = 0;
      while (shared < Math.min(length, parts.length) && parts[shared].equals(common[shared])) {
        shared++;
      }
      length = shared;
    }
    return length == 0 ? sorted.get(0).packageName() : String.join(".", List.of(common).subList(0, length));
  }

  private static int fnv1a32(String text) {
    int hash = 0x811c9dc5;
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      hash ^= b & 0xff;
      hash *= 0x01000193;
    }
    return hash;
  }
}
