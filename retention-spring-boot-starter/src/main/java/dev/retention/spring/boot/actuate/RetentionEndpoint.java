package dev.retention.spring.boot.actuate;

import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.health.SweepHistory;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;

/**
 * The {@code retention} actuator endpoint: every pass with the settings in force and what its last sweep did.
 * {@code /actuator/retention/{pass}} shows one pass.
 */
@Endpoint(id = "retention")
public class RetentionEndpoint {

  private final RetentionRuntime runtime;
  private final SweepHistory history;

  /**
   * @param runtime the runtime whose passes it shows
   * @param history the last sweeps of those passes: one of the runtime's listeners
   */
  public RetentionEndpoint(RetentionRuntime runtime, SweepHistory history) {
    this.runtime = runtime;
    this.history = history;
  }

  /** Every pass the runtime manages, by name. */
  @ReadOperation
  public PassesDescriptor passes() {
    Map<String, PassDescriptor> passes = new LinkedHashMap<>();
    for (RetentionPass pass : runtime.passes()) {
      passes.put(pass.name(), describe(pass));
    }
    return new PassesDescriptor(passes);
  }

  /** One pass; none (404 over HTTP) when the runtime has no pass of that name. */
  @ReadOperation
  public @Nullable PassDescriptor pass(@Selector String name) {
    return runtime.passes().stream()
        .filter(pass -> pass.name().equals(name))
        .findFirst()
        .map(this::describe)
        .orElse(null);
  }

  private PassDescriptor describe(RetentionPass pass) {
    return PassDescriptor.of(pass, runtime.settings(pass.name()), history.of(pass.name()));
  }

  /** The response of the endpoint: each pass by name, in the runtime's order. */
  public record PassesDescriptor(Map<String, PassDescriptor> passes) implements OperationResponseBody {}
}
