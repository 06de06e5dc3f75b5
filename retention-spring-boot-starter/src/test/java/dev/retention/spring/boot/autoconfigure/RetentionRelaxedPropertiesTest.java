package dev.retention.spring.boot.autoconfigure;

import static dev.retention.spring.boot.support.JpaContexts.AUDIT_ENTRY;
import static dev.retention.spring.boot.support.JpaContexts.SESSION_TOKEN;
import static dev.retention.spring.boot.support.JpaContexts.TENANT_NOTE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.spring.boot.actuate.RetentionHealthIndicator;
import dev.retention.spring.boot.support.JpaContexts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.assertj.core.api.AbstractStringAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.core.io.ClassPathResource;

/**
 * Retention keys from every property source Spring has, in each spelling Spring accepts; typos in the application's
 * own files as errors, environment variables that match nothing as warnings.
 */
@ExtendWith(OutputCaptureExtension.class)
class RetentionRelaxedPropertiesTest {

  private final ApplicationContextRunner runner = JpaContexts.runner();

  @Test
  void perPassKeysBindFromEnvironmentVariables() {
    withEnvironment(Map.of(
            variable(SESSION_TOKEN) + "_BATCH_SIZE", "7",
            variable(SESSION_TOKEN) + "_DRY_RUN", "true",
            "RETENTION_DEFAULTS_BATCHSIZE", "9"))
        .run(context -> {
          assertThat(context).hasNotFailed();
          RetentionRuntime runtime = context.getBean(RetentionRuntime.class);
          assertThat(runtime.settings(SESSION_TOKEN).batchSize()).isEqualTo(7);
          assertThat(runtime.settings(SESSION_TOKEN).dryRun()).isTrue();
          assertThat(runtime.settings(AUDIT_ENTRY).batchSize()).isEqualTo(9);
        });
  }

  @Test
  void perPassKeysBindInAnyCaseWithOrWithoutDashes() {
    runner.withPropertyValues(
            "retention." + SESSION_TOKEN.toLowerCase(Locale.ROOT) + ".batchSize=4",
            "retention.defaults.sweep_interval=15m")
        .run(context -> {
          assertThat(context).hasNotFailed();
          RetentionRuntime runtime = context.getBean(RetentionRuntime.class);
          assertThat(runtime.settings(SESSION_TOKEN).batchSize()).isEqualTo(4);
          assertThat(runtime.settings(AUDIT_ENTRY).sweepInterval()).hasMinutes(15);
        });
  }

  @Test
  void theSourceWithTheHighestPrecedenceWins() {
    withEnvironment(Map.of(variable(SESSION_TOKEN) + "_BATCH_SIZE", "7"))
        // Where Boot puts application.properties: after the environment variables.
        .withInitializer(context -> context.getEnvironment().getPropertySources().addLast(new MapPropertySource(
            "Config resource 'class path resource [application.properties]'",
            Map.of("retention." + SESSION_TOKEN + ".batch-size", "3"))))
        .run(context -> assertThat(context.getBean(RetentionRuntime.class).settings(SESSION_TOKEN).batchSize())
            .as("an environment variable overrides application properties").isEqualTo(7));
  }

  @Test
  void aMisspeltEnvironmentVariableIsAWarningWithTheKeyItMayHaveMeant(CapturedOutput output) {
    String misspelt = variable(SESSION_TOKEN).replace("SESSIONTOKEN", "SESSIONTOKN") + "_BATCH_SIZE";

    withEnvironment(Map.of(misspelt, "5")).run(context -> {
      assertThat(context).hasNotFailed();
      assertThat(context.getBean(RetentionRuntime.class).settings(SESSION_TOKEN).batchSize()).isEqualTo(500);
    });
    assertThat(output.getOut()).contains("WARN ").contains("Environment variable " + misspelt + " is ignored: it"
        + " matches no Retention key; did you mean " + variable(SESSION_TOKEN) + "_BATCH_SIZE"
        + " (retention." + SESSION_TOKEN + ".batch-size)?");
  }

  @Test
  void anUnrelatedEnvironmentVariableIsAWarningThatListsTheFormsAndTheApplicationStarts(CapturedOutput output) {
    withEnvironment(Map.of("RETENTION_DAYS", "30", variable(SESSION_TOKEN) + "_BATCH_SIZE", "7")).run(context -> {
      assertThat(context).hasNotFailed();
      assertThat(context.getBean(RetentionRuntime.class).settings(SESSION_TOKEN).batchSize())
          .as("the variables that match still bind").isEqualTo(7);
    });
    String warning = output.getOut().lines().filter(line -> line.contains("RETENTION_DAYS")).findFirst().orElseThrow();
    assertThat(warning).contains("Environment variable RETENTION_DAYS is ignored: it matches no Retention"
        + " key (RETENTION_DEFAULTS_<OPTION>, RETENTION_<ENTITY CLASS NAME>_<OPTION>");
    assertThat(warning.substring(warning.indexOf("Environment variable")))
        .as("the variable's value, which may be another tool's secret, is not logged").doesNotContain("30");
  }

  @Test
  void aMisspeltKeyInTheApplicationsOwnFilesStaysAnError() {
    runner.withPropertyValues("retention.defaults.days=30").run(context -> assertFailure(context)
        .contains("retention.defaults.days = \"30\": no option named days"));
  }

  @Test
  void aMisspeltHealthKeyIsSuggestedTheRightOne() {
    runner.withPropertyValues("retention.health.failures-treshold=2").run(context -> assertFailure(context)
        .contains("retention.health.failures-treshold (test) = \"2\": matches no Retention property;"
            + " did you mean retention.health.failures-threshold?")
        .doesNotContain("no option named"));
  }

  @Test
  void aMisspeltPassInAPropertyIsTheRuntimesError() {
    runner.withPropertyValues("retention." + SESSION_TOKEN + "s.batch-size=5").run(context -> assertFailure(context)
        .contains("no pass named " + SESSION_TOKEN + "s; did you mean " + SESSION_TOKEN + "?"));
  }

  @Test
  void theStartersOwnKeysBindFromEnvironmentVariables() {
    withEnvironment(Map.of("RETENTION_HEALTH_FAILURES_THRESHOLD", "5", "RETENTION_ENABLED", "true"))
        .run(context -> {
          assertThat(context).hasNotFailed();
          assertThat(context.getBean(RetentionHealthIndicator.class).health(true).getDetails())
              .containsEntry("failuresThreshold", 5);
        });
  }

  @Test
  void windowsOfScopesBindFromPropertiesWithTheValueAsWritten() {
    runner.withUserConfiguration(JpaContexts.ScopedEntities.class)
        .withPropertyValues(
            "retention." + TENANT_NOTE + ".scope.Acme.retention=2d",
            "retention." + TENANT_NOTE.toLowerCase(Locale.ROOT) + ".Scope.example.com.Retention=3d",
            "retention." + TENANT_NOTE + ".scope[Beta.Corp].retention=4d")
        .run(context -> {
          assertThat(context).hasNotFailed();
          assertThat(context.getBean(RetentionRuntime.class).settings(TENANT_NOTE).scopeWindows()).isEqualTo(Map.of(
              "Acme", Duration.ofDays(2), "example.com", Duration.ofDays(3), "Beta.Corp", Duration.ofDays(4)));
        });
  }

  @Test
  void windowsOfScopesBindFromYaml() {
    runner.withUserConfiguration(JpaContexts.ScopedEntities.class)
        .withInitializer(context -> {
          try {
            new YamlPropertySourceLoader().load("Config resource 'class path resource [application.yml]'",
                    new ClassPathResource("scope-windows.yml"))
                .forEach(context.getEnvironment().getPropertySources()::addLast);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        })
        .run(context -> {
          assertThat(context).hasNotFailed();
          assertThat(context.getBean(RetentionRuntime.class).settings(TENANT_NOTE).scopeWindows()).isEqualTo(Map.of(
              "Acme", Duration.ofDays(2), "example.com", Duration.ofDays(3), "Beta.Corp", Duration.ofDays(4)));
        });
  }

  @Test
  void windowsOfScopesBindFromEnvironmentVariablesInLowerCaseWithDotsForUnderscores() {
    withEnvironment(Map.of(
            variable(TENANT_NOTE) + "_SCOPE_ACME_RETENTION", "5d",
            variable(TENANT_NOTE) + "_SCOPE_EXAMPLE_COM_RETENTION", "6d"))
        .withUserConfiguration(JpaContexts.ScopedEntities.class)
        .run(context -> {
          assertThat(context).hasNotFailed();
          assertThat(context.getBean(RetentionRuntime.class).settings(TENANT_NOTE).scopeWindows()).isEqualTo(Map.of(
              "acme", Duration.ofDays(5), "example.com", Duration.ofDays(6)));
        });
  }

  @Test
  void theWindowOfTheEmptyValueBindsInEveryForm() {
    for (ApplicationContextRunner empty : List.of(
        runner.withPropertyValues("retention." + TENANT_NOTE + ".scope..retention=1d"),
        runner.withPropertyValues("retention." + TENANT_NOTE + ".scope[].retention=1d"),
        withEnvironment(Map.of(variable(TENANT_NOTE) + "_SCOPE__RETENTION", "1d")))) {
      empty.withUserConfiguration(JpaContexts.ScopedEntities.class).run(context -> {
        assertThat(context).hasNotFailed();
        assertThat(context.getBean(RetentionRuntime.class).settings(TENANT_NOTE).scopeWindows())
            .isEqualTo(Map.of("", Duration.ofDays(1)));
      });
    }
  }

  @Test
  void anOptionOtherThanTheWindowForOneScopeIsTheRuntimesError() {
    runner.withUserConfiguration(JpaContexts.ScopedEntities.class)
        .withPropertyValues("retention." + TENANT_NOTE + ".scope.acme.batch-size=5")
        .run(context -> assertFailure(context).contains("retention." + TENANT_NOTE + ".scope.acme.batch-size = \"5\":"
            + " only the window can be set for one scope, as retention." + TENANT_NOTE
            + ".scope.<scope value>.retention"));
  }

  @Test
  void anEnvironmentVariableForOneScopeWithAnotherOptionIsTheRuntimesError() {
    withEnvironment(Map.of(variable(TENANT_NOTE) + "_SCOPE_ACME_BATCH_SIZE", "5"))
        .withUserConfiguration(JpaContexts.ScopedEntities.class)
        .run(context -> assertFailure(context).contains("retention." + TENANT_NOTE + ".scope.acme.batch.size = \"5\":"
            + " only the window can be set for one scope"));
  }

  @Test
  void aWindowOfAScopeOfAPassWithoutScopesFailsStartUp() {
    runner.withPropertyValues("retention." + SESSION_TOKEN + ".scope.acme.retention=2d")
        .run(context -> assertFailure(context).contains("retention." + SESSION_TOKEN + ".scope.acme.retention: pass "
            + SESSION_TOKEN + " has no @TtlScope attribute"));
  }

  private ApplicationContextRunner withEnvironment(Map<String, Object> variables) {
    // Where Boot puts the operating system's variables, as the same kind of source.
    return runner.withInitializer(context -> context.getEnvironment().getPropertySources().addAfter(
        StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME,
        new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, variables)));
  }

  /** {@code RETENTION_COM_ACME_USERSESSION}: a pass's prefix as an environment variable writes it. */
  private static String variable(String pass) {
    return "RETENTION_" + pass.toUpperCase(Locale.ROOT).replace('.', '_');
  }

  private static AbstractStringAssert<?> assertFailure(AssertableApplicationContext context) {
    assertThat(context).hasFailed();
    Throwable cause = context.getStartupFailure();
    while (!(cause instanceof RetentionConfigurationException) && cause.getCause() != null) {
      cause = cause.getCause();
    }
    assertThat(cause).isInstanceOf(RetentionConfigurationException.class);
    return assertThat(cause.getMessage());
  }
}
