package dev.retention.micronaut.model;

import dev.retention.micronaut.RetentionRuntimeCustomizer;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

/** The application's customizer bean, in the contexts that ask for it: an option in code the runtime must show. */
@Singleton
@Requires(property = TestCustomizer.PROPERTY, value = "true")
public class TestCustomizer implements RetentionRuntimeCustomizer {

  public static final String PROPERTY = "test.customizer";
  /** What it sets, for a pass without a scope attribute, where it changes nothing of its sweeps. */
  public static final int MAX_BATCHES_PER_SCOPE = 7;

  @Override
  public void customize(RetentionRuntime.Builder builder) {
    builder.options(SessionToken.class.getName(),
        RetentionOptions.empty().withMaxBatchesPerScope(MAX_BATCHES_PER_SCOPE));
  }
}
