package dev.retention.runtime.integration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The key each {@code RETENTION_*} variable stands for, in every integration. */
class EnvironmentVariablesTest {

  private static final String PASS = "com.acme.UserSession";

  private final List<String> problems = new ArrayList<>();
  private final List<String> warnings = new ArrayList<>();

  @Test
  void aVariableStandsForTheKeyItSpellsInCapitalsWithUnderscores() {
    EnvironmentVariables variables = new EnvironmentVariables(List.of(PASS));
    assertEquals(Optional.of("retention.defaults.batch-size"), keyOf(variables, "RETENTION_DEFAULTS_BATCH_SIZE"));
    assertEquals(Optional.of("retention." + PASS + ".dry-run"),
        keyOf(variables, "RETENTION_COM_ACME_USERSESSION_DRY_RUN"));
    assertEquals(List.of(), warnings);
    assertEquals(List.of(), problems);
  }

  @Test
  void theWindowOfAScopeReadsItsValueInLowerCaseWithDots() {
    EnvironmentVariables variables = new EnvironmentVariables(List.of(PASS));
    assertEquals(Optional.of("retention." + PASS + ".scope.example.com.retention"),
        keyOf(variables, "RETENTION_COM_ACME_USERSESSION_SCOPE_EXAMPLE_COM_RETENTION"));
    assertEquals(Optional.of("retention." + PASS + ".scope..retention"),
        keyOf(variables, "RETENTION_COM_ACME_USERSESSION_SCOPE__RETENTION"));
  }

  @Test
  void aVariableMayLeaveOutSeparatorsAsSpringsRelaxedBindingDoes() {
    EnvironmentVariables variables = new EnvironmentVariables(List.of(PASS));
    assertEquals(Optional.of("retention.defaults.batch-size"), keyOf(variables, "RETENTION_DEFAULTS_BATCHSIZE"));
    assertEquals(Optional.of("retention." + PASS + ".dry-run"),
        keyOf(variables, "RETENTION_COMACME_USERSESSION_DRYRUN"));
    assertEquals(List.of(), warnings);
    assertEquals(List.of(), problems);
  }

  @Test
  void anOptionOtherThanTheWindowForOneScopeGoesToTheRuntimeAsWritten() {
    EnvironmentVariables variables = new EnvironmentVariables(List.of(PASS));
    assertEquals(Optional.of("retention." + PASS + ".scope.acme.batch.size"),
        keyOf(variables, "RETENTION_COM_ACME_USERSESSION_SCOPE_ACME_BATCH_SIZE"));
    assertEquals(List.of(), warnings);
  }

  @Test
  void aVariableOfTheIntegrationsOwnKeysIsNeitherARuntimeKeyNorAWarning() {
    EnvironmentVariables variables = new EnvironmentVariables(List.of(PASS), List.of("retention.health.enabled"));
    assertEquals(Optional.empty(), keyOf(variables, "RETENTION_HEALTH_ENABLED"));
    assertEquals(Optional.empty(), keyOf(variables, "RETENTION_HEALTH_ENABLD"));
    assertEquals(List.of("Environment variable RETENTION_HEALTH_ENABLD is ignored: it matches no Retention key; did you"
        + " mean RETENTION_HEALTH_ENABLED (retention.health.enabled)?"), warnings);
    assertEquals(Optional.of("retention.health.enabled"), variables.closestKey("retention.health.enabld"));
  }

  @Test
  void aVariableThatMatchesNothingIsAWarningWithTheVariableMeant() {
    EnvironmentVariables variables = new EnvironmentVariables(List.of(PASS));
    assertEquals(Optional.empty(), keyOf(variables, "RETENTION_DEFAULTS_BATCH_SISE"));
    assertEquals(Optional.empty(), keyOf(variables, "RETENTION_DAYS"));
    assertEquals(List.of(
        "Environment variable RETENTION_DEFAULTS_BATCH_SISE is ignored: it matches no Retention key; did you mean"
            + " RETENTION_DEFAULTS_BATCH_SIZE (retention.defaults.batch-size)?",
        "Environment variable RETENTION_DAYS is ignored: it matches no Retention key (RETENTION_DEFAULTS_<OPTION>,"
            + " RETENTION_<ENTITY CLASS NAME>_<OPTION>, RETENTION_<ENTITY CLASS NAME>_SCOPE_<SCOPE VALUE>_RETENTION,"
            + " in capitals with underscores)"), warnings);
    assertEquals(List.of(), problems);
  }

  @Test
  void aVariableThatIsTheKeyOfSeveralOptionsIsAProblem() {
    EnvironmentVariables variables = new EnvironmentVariables(List.of("com.acme.Order.Line", "com.acme.Order_Line"));
    assertEquals(Optional.empty(), keyOf(variables, "RETENTION_COM_ACME_ORDER_LINE_BATCH_SIZE"));
    assertEquals(1, problems.size(), problems::toString);
    assertTrue(problems.get(0).startsWith("environment variable RETENTION_COM_ACME_ORDER_LINE_BATCH_SIZE is the key of"
        + " several options (retention.com.acme.Order.Line.batch-size, retention.com.acme.Order_Line.batch-size)"),
        problems::toString);
    assertEquals(List.of(), warnings);
  }

  private Optional<String> keyOf(EnvironmentVariables variables, String variable) {
    return variables.keyOf(variable, problems, warnings::add);
  }
}
