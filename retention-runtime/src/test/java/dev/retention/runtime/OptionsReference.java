package dev.retention.runtime;

import dev.retention.runtime.integration.EnvironmentVariables;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The generated parts of {@code docs/reference/options.md}, written from {@link RetentionOption} alone: for each option
 * its key, type, default, bounds and description, and every way to set it (the builder's {@code with...} method, the
 * properties for every pass and for one, each integration's form, the environment variable). What only people can
 * write (which group an option belongs to, why its bounds are where they are, the links) stays in the page, outside
 * the generated blocks; {@link OptionsReferenceTest} holds the two together.
 */
final class OptionsReference {

  /** The pass the examples set an option for. */
  static final String EXAMPLE_PASS = "com.acme.AuditLogEntry";

  private OptionsReference() {}

  /**
   * A value each option is shown set to, as configuration writes it: one a user might set, checked against the
   * option's bounds by the test. An option without one fails the test, naming it.
   */
  static final Map<RetentionOption, String> EXAMPLES = examples();

  private static Map<RetentionOption, String> examples() {
    Map<RetentionOption, String> examples = new EnumMap<>(RetentionOption.class);
    examples.put(RetentionOption.ENABLED, "false");
    examples.put(RetentionOption.RETENTION, "400d");
    examples.put(RetentionOption.MIN_RETENTION, "5m");
    examples.put(RetentionOption.BATCH_SIZE, "1000");
    examples.put(RetentionOption.BATCH_TARGET, "10ms");
    examples.put(RetentionOption.BATCH_DELAY, "50ms");
    examples.put(RetentionOption.SWEEP_INTERVAL, "15m");
    examples.put(RetentionOption.MAX_STARTUP_STAGGER, "0");
    examples.put(RetentionOption.MAX_BATCHES_PER_SWEEP, "1000");
    examples.put(RetentionOption.DRY_RUN, "true");
    examples.put(RetentionOption.BATCH_TIMEOUT, "10s");
    examples.put(RetentionOption.MAX_BATCHES_PER_SCOPE, "20");
    examples.put(RetentionOption.SCOPE_SWEEP_BUDGET, "100ms");
    examples.put(RetentionOption.EPOCH_CHECK, "false");
    examples.put(RetentionOption.EXPIRED_PARTITIONS, "drop");
    examples.put(RetentionOption.MAX_REPLICA_LAG, "2s");
    examples.put(RetentionOption.MAX_REPLICA_LAG_MB, "8");
    examples.put(RetentionOption.MAX_HOLD_PER_SWEEP, "5m");
    examples.put(RetentionOption.SYNCHRONOUS_COMMIT, "server");
    examples.put(RetentionOption.MAX_ROWS_PER_SECOND, "1000");
    return examples;
  }

  /** The marker that opens a generated block named {@code name}. */
  static String begin(String name) {
    return "<!-- BEGIN GENERATED " + name + " (from RetentionOption by OptionsReferenceTest;"
        + " -Ddocs.update=true rewrites it) -->";
  }

  /** The marker that closes a generated block named {@code name}. */
  static String end(String name) {
    return "<!-- END GENERATED " + name + " -->";
  }

  /** The name of the block of {@code option}. */
  static String blockName(RetentionOption option) {
    return "option " + option.key();
  }

  /** The block of one option, markers included. */
  static String block(RetentionOption option) {
    String example = example(option);
    String code = "RetentionOptions.empty()." + builderMethod(option).getName() + "(" + javaValue(option) + ")";
    String relaxed = relaxed(option.key());
    List<String> lines = new ArrayList<>();
    lines.add(begin(blockName(option)));
    lines.add("### `" + option.key() + "`");
    lines.add("");
    lines.add(option.description());
    lines.add("");
    lines.add("| | |");
    lines.add("| --- | --- |");
    lines.add("| type | " + type(option) + " |");
    lines.add("| default | " + defaultValue(option) + " |");
    lines.add("| allowed | " + allowed(option) + " |");
    lines.add("| keys | `retention.defaults." + option.key() + "` (every pass), `retention.<pass name>." + option.key()
        + "` (one pass) |");
    lines.add("");
    lines.add("| set it with | for every pass | for one pass |");
    lines.add("| --- | --- | --- |");
    lines.add("| the builder, in code (plain Java, Jakarta EE; a `RetentionRuntimeCustomizer` in Spring Boot) | `.defaults("
        + code + ")` | `.options(\"" + EXAMPLE_PASS + "\", " + code + ")` |");
    lines.add("| properties: the builder's `configuration(...)`, and `application.properties` in Spring Boot, Quarkus"
        + " and Micronaut | `retention.defaults." + option.key() + "=" + example + "` | `retention." + EXAMPLE_PASS + "."
        + option.key() + "=" + example + "` |");
    lines.add("| Spring Boot's relaxed forms, from any property source (YAML too) | `retention.defaults." + relaxed + "="
        + example + "` | `retention." + EXAMPLE_PASS.toLowerCase(Locale.ROOT) + "." + relaxed + "=" + example + "` |");
    lines.add("| a Quarkus profile | `%prod.retention.defaults." + option.key() + "=" + example + "` | `%prod.retention."
        + EXAMPLE_PASS + "." + option.key() + "=" + example + "` |");
    lines.add("| an [environment variable](configuration.md#environment-variables) (Spring Boot, Quarkus, Micronaut)"
        + " | `" + EnvironmentVariables.variableOf("retention.defaults." + option.key()) + "=" + example + "` | `"
        + EnvironmentVariables.variableOf("retention." + EXAMPLE_PASS + "." + option.key()) + "=" + example + "` |");
    lines.add(end(blockName(option)));
    return String.join("\n", lines);
  }

  /** The summary table: every option in {@code groups}, in the page's order, under the group it sits in. */
  static String summary(Map<String, List<RetentionOption>> groups) {
    List<String> lines = new ArrayList<>();
    lines.add(begin("summary"));
    lines.add("| option | group | default | allowed |");
    lines.add("| --- | --- | --- | --- |");
    groups.forEach((group, options) -> options.forEach(option -> lines.add("| [`" + option.key() + "`](#"
        + option.key() + ") | " + group + " | " + defaultValue(option) + " | " + allowed(option) + " |")));
    lines.add(end("summary"));
    return String.join("\n", lines);
  }

  /** The {@code with...} method of {@link RetentionOptions} that sets {@code option}: {@code withBatchSize}. */
  static Method builderMethod(RetentionOption option) {
    StringBuilder name = new StringBuilder("with");
    for (String word : option.key().split("-")) {
      name.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
    }
    Class<?> parameter = switch (option.type()) {
      case BOOLEAN -> boolean.class;
      case INTEGER -> int.class;
      case DURATION -> Duration.class;
      case CHOICE -> option == RetentionOption.SYNCHRONOUS_COMMIT ? RetentionOption.SynchronousCommit.class
          : RetentionOption.ExpiredPartitions.class;
    };
    try {
      return RetentionOptions.class.getMethod(name.toString(), parameter);
    } catch (NoSuchMethodException e) {
      throw new AssertionError("RetentionOptions has no " + name + "(" + parameter.getSimpleName() + ") for the option "
          + option.key() + ": the options reference shows one for every option", e);
    }
  }

  /** The example value of {@code option} as the argument of its {@code with...} method takes it. */
  static Object argument(RetentionOption option) {
    Object value = option.parse(example(option));
    if (option == RetentionOption.SYNCHRONOUS_COMMIT) {
      return RetentionOption.SynchronousCommit.forKey((String) value).orElseThrow();
    }
    return option.type() == RetentionOption.Type.CHOICE
        ? RetentionOption.ExpiredPartitions.forKey((String) value).orElseThrow()
        : value;
  }

  static String example(RetentionOption option) {
    String example = EXAMPLES.get(option);
    if (example == null) {
      throw new AssertionError("OptionsReference.EXAMPLES has no example value for the option " + option.key());
    }
    return example;
  }

  private static String javaValue(RetentionOption option) {
    Object value = argument(option);
    if (value instanceof Duration duration) {
      return java(duration);
    }
    if (value instanceof RetentionOption.ExpiredPartitions partitions) {
      return "RetentionOption.ExpiredPartitions." + partitions.name();
    }
    if (value instanceof RetentionOption.SynchronousCommit commit) {
      return "RetentionOption.SynchronousCommit." + commit.name();
    }
    return String.valueOf(value);
  }

  private static String java(Duration duration) {
    if (duration.isZero()) {
      return "Duration.ZERO";
    }
    long millis = duration.toMillis();
    if (millis % 86_400_000L == 0) {
      return "Duration.ofDays(" + millis / 86_400_000L + ")";
    }
    if (millis % 3_600_000L == 0) {
      return "Duration.ofHours(" + millis / 3_600_000L + ")";
    }
    if (millis % 60_000L == 0) {
      return "Duration.ofMinutes(" + millis / 60_000L + ")";
    }
    if (millis % 1_000L == 0) {
      return "Duration.ofSeconds(" + millis / 1_000L + ")";
    }
    return "Duration.ofMillis(" + millis + ")";
  }

  /** The key as Spring Boot's relaxed binding also reads it: {@code batchSize} for {@code batch-size}. */
  private static String relaxed(String key) {
    StringBuilder camel = new StringBuilder();
    boolean upper = false;
    for (char c : key.toCharArray()) {
      if (c == '-') {
        upper = true;
      } else {
        camel.append(upper ? Character.toUpperCase(c) : c);
        upper = false;
      }
    }
    return camel.toString();
  }

  private static String type(RetentionOption option) {
    return switch (option.type()) {
      case BOOLEAN -> "boolean";
      case INTEGER -> "whole number ([how to write one](configuration.md#writing-values))";
      case DURATION -> "duration ([how to write one](configuration.md#writing-values))";
      case CHOICE -> "one of " + String.join(", ", option.choices().stream().map(choice -> "`" + choice + "`").toList());
    };
  }

  static String defaultValue(RetentionOption option) {
    return option.defaultValue().map(value -> "`" + option.format(value) + "`")
        .orElse("none: the compiled window, `@Ttl(expireAfterSeconds)`");
  }

  /** The bounds as {@link RetentionOption#allowedRange()} writes them, the values in code font. */
  static String allowed(RetentionOption option) {
    String range = option.allowedRange().substring("allowed: ".length());
    if (option.lowerBound().isEmpty()) {
      return switch (option.type()) {
        case BOOLEAN -> "`true`, `false`";
        default -> String.join(", ", option.choices().stream().map(choice -> "`" + choice + "`").toList());
      };
    }
    String lower = option.format(option.lowerBound().orElseThrow());
    String upper = option.format(option.upperBound().orElseThrow());
    String bounds = lower + " to " + upper;
    if (!range.startsWith(bounds)) {
      throw new AssertionError(option.key() + ": allowedRange() no longer starts with its bounds: " + range);
    }
    return "`" + lower + "` to `" + upper + "`" + range.substring(bounds.length());
  }
}
