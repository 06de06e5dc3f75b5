package dev.retention.quarkus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.runtime.RetentionConfigurationException;
import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What binds in Quarkus, from the sources in Quarkus's order (system properties 400, environment 300,
 * application.properties 250): keys as written, environment variables in MicroProfile Config's form, and nothing else.
 */
class RetentionPropertiesTest {

  private static final String PASS = "org.acme.ext.Session";
  private static final String SCOPED = "org.acme.Note";

  private final List<LogRecord> warnings = new ArrayList<>();
  private final Logger log = Logger.getLogger(RetentionProperties.class.getName());
  private final Handler capture = new Handler() {
    @Override
    public void publish(LogRecord record) {
      if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
        warnings.add(record);
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };

  @BeforeEach
  void captureWarnings() {
    log.addHandler(capture);
    log.setUseParentHandlers(false);
  }

  @AfterEach
  void restoreTheLog() {
    log.removeHandler(capture);
    log.setUseParentHandlers(true);
  }

  @Test
  void keysOfTheFilesBindAsWritten() {
    assertEquals(Map.of("retention.defaults.batch-size", "1000", "retention." + PASS + ".dry-run", "true"), read(
        Map.of(),
        Map.of(),
        Map.of("retention.defaults.batch-size", "1000", "retention." + PASS + ".dry-run", "true",
            "quarkus.datasource.db-kind", "h2")));
  }

  @Test
  void aVariableForAKeyThatNoFileHasBinds() {
    assertEquals(Map.of("retention." + PASS + ".batch-size", "7"),
        read(Map.of(), Map.of("RETENTION_ORG_ACME_EXT_SESSION_BATCH_SIZE", "7"), Map.of()));
  }

  @Test
  void aVariableWinsOverTheFileAndASystemPropertyOverBoth() {
    assertEquals(Map.of("retention.defaults.batch-size", "20"), read(
        Map.of(),
        Map.of("RETENTION_DEFAULTS_BATCH_SIZE", "20"),
        Map.of("retention.defaults.batch-size", "10")));
    assertEquals(Map.of("retention.defaults.batch-size", "30"), read(
        Map.of("retention.defaults.batch-size", "30"),
        Map.of("RETENTION_DEFAULTS_BATCH_SIZE", "20"),
        Map.of("retention.defaults.batch-size", "10")));
  }

  @Test
  void anUnrelatedVariableIsAWarningNamingItAndIsIgnored() {
    assertEquals(Map.of("retention.defaults.batch-size", "10"), read(
        Map.of(),
        Map.of("RETENTION_DAYS", "30"),
        Map.of("retention.defaults.batch-size", "10")));

    assertEquals(1, warnings.size(), warnings::toString);
    String warning = warnings.get(0).getMessage();
    assertTrue(warning.startsWith("Environment variable RETENTION_DAYS is ignored: it matches no Retention key"),
        warning);
    assertTrue(!warning.contains("30"), "the value stays out of the log: " + warning);
  }

  @Test
  void aMisspeltVariableIsAWarningWithTheVariableItMayHaveMeant() {
    assertEquals(Map.of(), read(Map.of(), Map.of("RETENTION_DEFAULTS_BATCH_SISE", "9"), Map.of()));

    assertEquals("Environment variable RETENTION_DEFAULTS_BATCH_SISE is ignored: it matches no Retention key; did you"
        + " mean RETENTION_DEFAULTS_BATCH_SIZE (retention.defaults.batch-size)?", warnings.get(0).getMessage());
  }

  @Test
  void aVariableWithSeparatorsLeftOutBindsAsInTheOtherIntegrations() {
    assertEquals(Map.of("retention.defaults.batch-size", "9"),
        read(Map.of(), Map.of("RETENTION_DEFAULTS_BATCHSIZE", "9"), Map.of("retention.defaults.batch-size", "10")));
    assertEquals(Map.of("retention.defaults.batch-size", "8"),
        read(Map.of("retention.defaults.batch-size", "8"), Map.of("RETENTION_DEFAULTS_BATCHSIZE", "9"), Map.of()),
        "a system property wins over the environment, whichever the variable's spelling");
    assertEquals(Map.of("retention.defaults.batch-size", "7"),
        read(Map.of(), Map.of("RETENTION_DEFAULTS_BATCHSIZE", "9", "RETENTION_DEFAULTS_BATCH_SIZE", "7"), Map.of()),
        "MicroProfile Config's spelling wins over another");
    assertEquals(List.of(), warnings);
  }

  @Test
  void theWindowOfAScopeReadsTheValueInLowerCaseWithDots() {
    assertEquals(Map.of("retention." + SCOPED + ".scope.example.com.retention", "7d"),
        read(Map.of(), Map.of("RETENTION_ORG_ACME_NOTE_SCOPE_EXAMPLE_COM_RETENTION", "7d"), Map.of()));
  }

  @Test
  void theWindowOfTheEmptyValueHasNothingBetweenTheUnderscores() {
    assertEquals(Map.of("retention." + SCOPED + ".scope..retention", "1d"),
        read(Map.of(), Map.of("RETENTION_ORG_ACME_NOTE_SCOPE__RETENTION", "1d"), Map.of()));
  }

  @Test
  void aMisspeltKeyInAFileGoesToTheRuntimeAsWritten() {
    assertEquals(Map.of("retention.defaults.days", "30"),
        read(Map.of(), Map.of(), Map.of("retention.defaults.days", "30")));
  }

  @Test
  void aVariableThatIsTheKeyOfSeveralOptionsFailsStartUp() {
    // A nested entity Order.Line and a class Order_Line cannot be told apart in the environment.
    SmallRyeConfig config = config(Map.of(), Map.of("RETENTION_ORG_ACME_ORDER_LINE_BATCH_SIZE", "5"), Map.of());
    RetentionConfigurationException problem = assertThrows(RetentionConfigurationException.class,
        () -> RetentionProperties.of(config, List.of("org.acme.Order.Line", "org.acme.Order_Line")));
    assertTrue(problem.getMessage().contains("environment variable RETENTION_ORG_ACME_ORDER_LINE_BATCH_SIZE is the key"
        + " of several options (retention.org.acme.Order.Line.batch-size, retention.org.acme.Order_Line.batch-size)"),
        problem.getMessage());
  }

  private static Map<String, String> read(Map<String, String> systemProperties, Map<String, String> environment,
      Map<String, String> applicationProperties) {
    return RetentionProperties.of(config(systemProperties, environment, applicationProperties), List.of(PASS, SCOPED));
  }

  private static SmallRyeConfig config(Map<String, String> systemProperties, Map<String, String> environment,
      Map<String, String> applicationProperties) {
    return new SmallRyeConfigBuilder()
        .withSources(new PropertiesConfigSource(systemProperties, "SysPropConfigSource", 400))
        .withSources(new EnvConfigSource(environment, 300))
        .withSources(new PropertiesConfigSource(applicationProperties, "application.properties", 250))
        .build();
  }
}
