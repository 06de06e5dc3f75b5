package dev.retention.quarkus.deployment.model;

import dev.retention.quarkus.runtime.RetentionRuntimeCustomizer;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import jakarta.enterprise.context.ApplicationScoped;

/** The application's customizer bean: an option in code, which the extension's runtime must show. */
@ApplicationScoped
public class TestCustomizer implements RetentionRuntimeCustomizer {

  /** What it sets, for a pass without a scope attribute, where it changes nothing of its sweeps. */
  public static final int MAX_BATCHES_PER_SCOPE = 7;

  @Override
  public void customize(RetentionRuntime.Builder builder) {
    builder.options(SessionToken.class.getName(),
        RetentionOptions.empty().withMaxBatchesPerScope(MAX_BATCHES_PER_SCOPE));
  }
}
