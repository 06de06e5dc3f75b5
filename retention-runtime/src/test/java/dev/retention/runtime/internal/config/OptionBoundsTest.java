package dev.retention.runtime.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.RetentionOptions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every option has a lower and an upper bound, checked when the runtime is built: a value outside them, even one too
 * long for {@link Duration} itself, is a {@link RetentionConfigurationException} naming the key, the value and the
 * allowed range, never a raw {@code ArithmeticException} from a sweep.
 */
class OptionBoundsTest {

  private static final String PASS = "com.acme.AuditLogEntry";
  private static final Map<String, Duration> WINDOWS = Map.of(PASS, Duration.ofDays(365));

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(delimiter = '|', textBlock = """
      retention           | 999999999999999d          | too long; allowed: 0 to 2147483647s \
      (the longest @Ttl window, about 68 years), or never
      retention           | PT2562047788015215H       | must be at most 2147483647s; allowed: 0 to 2147483647s \
      (the longest @Ttl window, about 68 years), or never
      retention           | 99999999999999999999999s  | too long; allowed: 0 to 2147483647s \
      (the longest @Ttl window, about 68 years), or never
      retention           | P999999999999999D         | too long; allowed: 0 to 2147483647s \
      (the longest @Ttl window, about 68 years), or never
      retention           | 24856d                    | must be at most 2147483647s; allowed: 0 to 2147483647s \
      (the longest @Ttl window, about 68 years), or never
      min-retention       | 300000000000d             | must be at most 2147483647s; allowed: 0 to 2147483647s \
      (the longest @Ttl window, about 68 years)
      sweep-interval      | 300000000000d             | must be at most 365d; allowed: 1s to 365d
      sweep-interval      | 366d                      | must be at most 365d; allowed: 1s to 365d
      sweep-interval      | 999ms                     | must be at least 1s; allowed: 1s to 365d
      max-startup-stagger | 200000000000d             | must be at most 1d; allowed: 0 to 1d
      max-startup-stagger | 25h                       | must be at most 1d; allowed: 0 to 1d
      max-startup-stagger | -1ms                      | must not be negative; allowed: 0 to 1d
      batch-delay         | 200000d                   | must be at most 1h; allowed: 0 to 1h
      batch-delay         | 61m                       | must be at most 1h; allowed: 0 to 1h
      batch-timeout       | 200000000000d             | must be at most 1h; allowed: 1s to 1h
      batch-timeout       | 3601s                     | must be at most 1h; allowed: 1s to 1h
      batch-timeout       | 500ms                     | must be at least 1s; allowed: 1s to 1h
      batch-timeout       | 0                         | must be above zero; allowed: 1s to 1h
      max-batches-per-sweep | 100001                  | must be at most 100000; allowed: 1 to 100000
      max-batches-per-sweep | 0                       | must be at least 1
      """)
  void aValueOutsideItsBoundsIsRejectedWithKeyValueAndRange(String option, String value, String problem) {
    String key = "retention." + PASS + "." + option;

    RetentionConfigurationException failure = assertThrows(RetentionConfigurationException.class,
        () -> OptionsBinder.bind(WINDOWS, Map.of(key, value), RetentionOptions.empty(), Map.of()));

    assertEquals(List.of(key + " = \"" + value + "\": " + problem), failure.problems());
  }

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(delimiter = '|', textBlock = """
      retention           | 2147483647s
      retention           | 0
      min-retention       | 2147483647s
      sweep-interval      | 365d
      sweep-interval      | 1s
      max-startup-stagger | 1d
      max-startup-stagger | 0
      batch-delay         | 1h
      batch-delay         | 0
      batch-timeout       | 1h
      batch-timeout       | 1s
      max-batches-per-sweep | 100000
      max-batches-per-sweep | 1
      """)
  void eachBoundItselfIsAccepted(String option, String value) {
    Map<String, String> configuration = new java.util.HashMap<>(Map.of("retention." + PASS + "." + option, value));
    if (option.equals("retention")) {
      configuration.put("retention." + PASS + ".min-retention", "0");
    }

    PassSettings settings = OptionsBinder.bind(WINDOWS, configuration, RetentionOptions.empty(), Map.of()).get(PASS);

    RetentionOption descriptor = RetentionOption.forKey(option).orElseThrow();
    assertEquals(descriptor.parse(value), switch (descriptor) {
      case RETENTION -> settings.retention();
      case SWEEP_INTERVAL -> settings.sweepInterval();
      case MAX_STARTUP_STAGGER -> settings.maxStartupStagger();
      case BATCH_DELAY -> settings.batchDelay();
      case BATCH_TIMEOUT -> settings.batchTimeout();
      case MAX_BATCHES_PER_SWEEP -> settings.maxBatchesPerSweep();
      case MIN_RETENTION -> descriptor.parse(value);
      default -> throw new AssertionError(option);
    });
  }

  @Test
  void valuesSetInCodeAreBoundedToo() {
    RetentionConfigurationException failure = assertThrows(RetentionConfigurationException.class,
        () -> OptionsBinder.bind(WINDOWS, Map.of(), RetentionOptions.empty()
                .withSweepInterval(Duration.ofDays(300_000_000_000L))
                .withBatchTimeout(Duration.ofSeconds(Long.MAX_VALUE)),
            Map.of(PASS, RetentionOptions.empty().withRetention(Duration.ofSeconds(Long.MAX_VALUE)))));

    assertEquals(List.of(
        "defaults(...) in code: sweep-interval = PT7200000000000H: must be at most 365d; allowed: 1s to 365d",
        "defaults(...) in code: batch-timeout = PT2562047788015215H30M7S: must be at most 1h; allowed: 1s to 1h",
        "options(\"com.acme.AuditLogEntry\", ...) in code: retention = PT2562047788015215H30M7S: must be at most"
            + " 2147483647s; allowed: 0 to 2147483647s (the longest @Ttl window, about 68 years), or never"),
        failure.problems());
  }

  @Test
  void everyOptionSaysWhatItAllows() {
    for (RetentionOption option : RetentionOption.values()) {
      assertEquals(true, option.allowedRange().startsWith("allowed: "), option.key());
      option.defaultValue().ifPresent(value -> assertEquals(java.util.Optional.empty(), option.problemWith(value),
          () -> option.key() + "'s default must lie within its own bounds"));
    }
  }
}
