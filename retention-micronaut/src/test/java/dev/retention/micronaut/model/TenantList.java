package dev.retention.micronaut.model;

import dev.retention.micronaut.RetentionRuntimeCustomizer;
import dev.retention.runtime.RetentionRuntime;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import jakarta.inject.Singleton;
import java.util.List;

/** The application's tenants, named to the runtime, in the contexts that list them. */
@Singleton
@Requires(property = TenantList.PROPERTY)
public class TenantList implements RetentionRuntimeCustomizer {

  public static final String PROPERTY = "test.tenants";

  private final List<String> tenants;

  TenantList(@Value("${" + PROPERTY + "}") List<String> tenants) {
    this.tenants = List.copyOf(tenants);
  }

  @Override
  public void customize(RetentionRuntime.Builder builder) {
    builder.tenants(() -> tenants); // asked again at every round
  }
}
