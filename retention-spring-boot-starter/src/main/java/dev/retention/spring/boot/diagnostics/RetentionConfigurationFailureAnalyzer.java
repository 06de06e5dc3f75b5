package dev.retention.spring.boot.diagnostics;

import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionOption;
import dev.retention.spring.boot.StarterProperties;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns a start-up that failed on the retention configuration into Boot's "APPLICATION FAILED TO START" report: the
 * runtime's own problem list, each naming the key, the value and the pass, then how the keys are written.
 */
class RetentionConfigurationFailureAnalyzer extends AbstractFailureAnalyzer<RetentionConfigurationException> {

  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, RetentionConfigurationException cause) {
    String options = Arrays.stream(RetentionOption.values()).map(RetentionOption::key)
        .collect(Collectors.joining(", "));
    String action = "Correct the retention properties named above, wherever they are set (application.properties or"
        + " .yaml, system properties, environment). Keys are retention.defaults.<option> for every pass and"
        + " retention.<entity class name>.<option> for one; options: " + options + ". The window of one scope of a"
        + " pass with a @TtlScope attribute: retention.<entity class name>.scope.<scope value>.retention. As"
        + " environment variables:"
        + " RETENTION_DEFAULTS_BATCH_SIZE, RETENTION_COM_ACME_USERSESSION_BATCH_SIZE. "
        + StarterProperties.ENABLED + "=false turns Retention off.";
    return new FailureAnalysis(cause.getMessage(), action, cause);
  }
}
