package dev.retention.spring.boot.actuate;

import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.health.RetentionView;
import dev.retention.runtime.health.SweepHistory;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;

/**
 * The {@code retention} actuator endpoint: every pass with the settings in force and what its latest sweep did, as the
 * runtime's {@link RetentionView} describes them, and nothing added here, so that the endpoint (over HTTP and JMX, on
 * both Boot lines) shows every option and every fact of a report the runtime has. {@code /actuator/retention/{pass}}
 * shows one pass.
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

  /** Every pass the runtime manages, by name in the runtime's order, under {@code passes}. */
  @ReadOperation
  public Map<String, Object> passes() {
    return OperationResponseBody.of(Map.of("passes", RetentionView.passes(runtime, history)));
  }

  /** One pass; none (404 over HTTP) when the runtime has no pass of that name. */
  @ReadOperation
  public @Nullable Map<String, Object> pass(@Selector String name) {
    return runtime.passes().stream()
        .map(RetentionPass::name)
        .filter(name::equals)
        .findFirst()
        .map(found -> OperationResponseBody.of(RetentionView.pass(runtime, history, found)))
        .orElse(null);
  }
}
