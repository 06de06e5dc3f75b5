package dev.retention.processor.option;

import dev.retention.processor.validation.Diagnostics;
import dev.retention.processor.validation.Problem;
import dev.retention.processor.validation.Message;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import javax.lang.model.SourceVersion;

/**
 * The processor's {@code -Aretention.*} options. An unknown or malformed one is an error that lists what is allowed.
 *
 * @param registry the registry's fully qualified class name, when set
 */
public record ProcessorOptions(Optional<String> registry) {

  public static final String REGISTRY = "retention.registry";

  /** Every option the processor reads. */
  public static final Set<String> SUPPORTED = Set.of(REGISTRY);

  private static final String ALLOWED = "-A" + REGISTRY + "=<fully qualified class name of the generated registry>";

  /** Reads the options, reporting each problem; a bad option is left unset. */
  public static ProcessorOptions read(Map<String, String> options, Diagnostics diagnostics) {
    Optional<String> registry = Optional.empty();
    for (Map.Entry<String, String> option : new TreeMap<>(options).entrySet()) {
      String key = option.getKey();
      String value = option.getValue();
      if (!key.startsWith("retention.")) {
        continue;
      }
      if (!key.equals(REGISTRY)) {
        diagnostics.report(Problem.on(null, null, Message.UNKNOWN_OPTION, key, ALLOWED));
      } else if (value == null || !isQualifiedClassName(value)) {
        diagnostics.report(Problem.on(null, null, Message.REGISTRY_OPTION, REGISTRY, value, ALLOWED));
      } else {
        registry = Optional.of(value);
      }
    }
    return new ProcessorOptions(registry);
  }

  /** A name like {@code com.acme.AcmeRetentionRegistry}: dotted Java identifiers, no keyword, in some package. */
  static boolean isQualifiedClassName(String name) {
    return name.contains(".") && SourceVersion.isName(name);
  }
}
