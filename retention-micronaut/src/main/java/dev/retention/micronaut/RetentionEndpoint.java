package dev.retention.micronaut;

import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.health.RetentionView;
import dev.retention.runtime.health.SweepHistory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.management.endpoint.annotation.Endpoint;
import io.micronaut.management.endpoint.annotation.Read;
import io.micronaut.management.endpoint.annotation.Selector;
import java.util.Map;

/**
 * The {@code retention} management endpoint, {@code /retention}: every pass with the settings in force and what its
 * latest sweep did, as the runtime's {@link RetentionView} describes them, and nothing added here: the same view as the
 * Spring Boot endpoint and Quarkus's {@code /q/retention}. {@code /retention/<pass>} shows one pass, or answers 404.
 *
 * <p>Sensitive, as Micronaut's endpoints that show an application's configuration are: with micronaut-security it
 * needs an authenticated user, without it {@code endpoints.retention.sensitive=false} opens it.
 * {@code endpoints.retention.enabled=false} turns it off. Registered when the application has micronaut-management.
 */
@Endpoint(id = RetentionEndpoint.ID)
@Requires(classes = Endpoint.class)
public class RetentionEndpoint {

  /** The endpoint's id and path: {@value}. */
  public static final String ID = "retention";

  private final RetentionRuntime runtime;
  private final SweepHistory history;

  RetentionEndpoint(RetentionRuntime runtime, SweepHistory history) {
    this.runtime = runtime;
    this.history = history;
  }

  /** Every pass the runtime manages, by name in the runtime's order, under {@code passes}. */
  @Read
  public Map<String, Object> passes() {
    return Map.of("passes", RetentionView.passes(runtime, history));
  }

  /** One pass; none (404 over HTTP) when the runtime has no pass of that name. */
  @Read
  public @Nullable Map<String, Object> pass(@Selector String name) {
    return runtime.passes().stream()
        .map(RetentionPass::name)
        .filter(name::equals)
        .findFirst()
        .map(found -> RetentionView.pass(runtime, history, found))
        .orElse(null);
  }
}
