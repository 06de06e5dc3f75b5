package dev.retention.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retention.runtime.RetentionOption;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.boot.configurationmetadata.ConfigurationMetadataProperty;
import org.springframework.boot.configurationmetadata.ConfigurationMetadataRepositoryJsonBuilder;

/**
 * The configuration metadata IDEs complete {@code retention.*} keys from is generated here, from
 * {@link RetentionOption} and {@link StarterProperties}, so it cannot drift from them: when an option changes, this
 * test fails and leaves the new file in {@code target/} to copy over the old one.
 *
 * <p>The file is the final {@code spring-configuration-metadata.json}, not the {@code additional-} one: that one is
 * only an input to Spring Boot's annotation processor, which this module does not run, and IDEs read the final one
 * from a jar.
 */
class ConfigurationMetadataTest {

  private static final String RESOURCE = "META-INF/spring-configuration-metadata.json";
  private static final Path SOURCE = Path.of("src/main/resources", RESOURCE);
  private static final Path GENERATED = Path.of("target", "spring-configuration-metadata.json");
  /** The copy that goes into the jar; every Spring Boot jar on the test class path has one of the same name. */
  private static final Path PACKAGED = Path.of("target/classes", RESOURCE);

  @Test
  void theMetadataFileIsTheOneGeneratedFromTheOptions() throws IOException {
    String expected = MetadataJson.generate();
    String actual = Files.exists(SOURCE) ? Files.readString(SOURCE, StandardCharsets.UTF_8) : "";
    if (!actual.equals(expected)) {
      Files.createDirectories(GENERATED.getParent());
      Files.writeString(GENERATED, expected, StandardCharsets.UTF_8);
    }
    assertThat(actual)
        .as("%s is stale; the current one is in %s: cp %s %s", SOURCE, GENERATED, GENERATED, SOURCE)
        .isEqualTo(expected);
  }

  @Test
  void springBootReadsEveryKeyWithItsTypeDefaultAndDescription() throws IOException {
    Map<String, ConfigurationMetadataProperty> properties;
    try (InputStream json = Files.newInputStream(PACKAGED)) {
      properties = ConfigurationMetadataRepositoryJsonBuilder.create(json).build().getAllProperties();
    }

    assertThat(properties).hasSize(RetentionOption.values().length + StarterProperties.ALL.size());
    ConfigurationMetadataProperty batchSize = properties.get("retention.defaults.batch-size");
    assertThat(batchSize.getType()).isEqualTo("java.lang.Integer");
    assertThat(batchSize.getDefaultValue()).isEqualTo(500);
    assertThat(batchSize.getDescription()).isEqualTo(RetentionOption.BATCH_SIZE.description());
    ConfigurationMetadataProperty interval = properties.get("retention.defaults.sweep-interval");
    assertThat(interval.getType()).isEqualTo("java.time.Duration");
    assertThat(interval.getDefaultValue()).isEqualTo("1h");
    assertThat(properties.get("retention.defaults.retention").getDefaultValue()).as("the annotation's").isNull();
    assertThat(properties.get("retention.enabled").getDefaultValue()).isEqualTo(true);
    assertThat(properties.get(StarterProperties.HEALTH_FAILURES_THRESHOLD).getDefaultValue())
        .isEqualTo(StarterProperties.DEFAULT_FAILURES_THRESHOLD);
  }

  /** Writes the metadata by hand, in a fixed layout, so that the file is the same on every machine. */
  static final class MetadataJson {

    private static final String PER_PASS = "retention.<entity class name>.<option> sets an option for one pass, for"
        + " example retention.com.acme.UserSession.batch-size; it wins over retention.defaults.<option>.";
    private static final String PER_SCOPE = "retention.<entity class name>.scope.<scope value>.retention sets the"
        + " window of one scope of a pass whose entity has a @TtlScope attribute, for example"
        + " retention.com.acme.Notification.scope.acme.retention=90d.";

    private MetadataJson() {}

    static String generate() {
      List<String> groups = List.of(
          group("retention", "Retention: deletes expired rows of @Ttl entities. " + PER_PASS + " " + PER_SCOPE,
              StarterProperties.class.getName()),
          group("retention.defaults", "Options for every pass. " + PER_PASS, RetentionOption.class.getName()),
          group("retention.health", "The retention health indicator.", StarterProperties.class.getName()));
      List<String> properties = new ArrayList<>();
      for (StarterProperties.Property property : StarterProperties.ALL) {
        properties.add(property(property.key(), property.type().getName(), property.description(),
            property.defaultValue(), StarterProperties.class.getName()));
      }
      for (RetentionOption option : RetentionOption.values()) {
        properties.add(property("retention.defaults." + option.key(), javaType(option), option.description(),
            option.defaultValue().map(value -> option.type() == RetentionOption.Type.DURATION
                ? option.format(value) : value),
            RetentionOption.class.getName()));
      }
      return "{\n  \"groups\": [\n" + String.join(",\n", groups) + "\n  ],\n  \"properties\": [\n"
          + String.join(",\n", properties) + "\n  ]\n}\n";
    }

    private static String group(String name, String description, String sourceType) {
      return "    {\n      \"name\": " + quoted(name) + ",\n      \"description\": " + quoted(description)
          + ",\n      \"sourceType\": " + quoted(sourceType) + "\n    }";
    }

    private static String property(
        String name, String type, String description, Optional<Object> defaultValue, String sourceType) {
      StringBuilder json = new StringBuilder("    {\n")
          .append("      \"name\": ").append(quoted(name)).append(",\n")
          .append("      \"type\": ").append(quoted(type)).append(",\n")
          .append("      \"description\": ").append(quoted(description)).append(",\n")
          .append("      \"sourceType\": ").append(quoted(sourceType));
      defaultValue.ifPresent(value -> json.append(",\n      \"defaultValue\": ")
          .append(value instanceof String text ? quoted(text) : String.valueOf(value)));
      return json.append("\n    }").toString();
    }

    private static String javaType(RetentionOption option) {
      return switch (option.type()) {
        case BOOLEAN -> Boolean.class.getName();
        case INTEGER -> Integer.class.getName();
        case DURATION -> Duration.class.getName();
        case CHOICE -> String.class.getName();
      };
    }

    private static String quoted(String text) {
      StringBuilder json = new StringBuilder("\"");
      for (char c : text.toCharArray()) {
        switch (c) {
          case '"' -> json.append("\\\"");
          case '\\' -> json.append("\\\\");
          case '\n' -> json.append("\\n");
          default -> {
            if (c < 0x20) {
              json.append(String.format("\\u%04x", (int) c));
            } else {
              json.append(c);
            }
          }
        }
      }
      return json.append('"').toString();
    }
  }
}
