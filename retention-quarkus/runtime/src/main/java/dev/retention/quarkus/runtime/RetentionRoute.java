package dev.retention.quarkus.runtime;

import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.health.RetentionView;
import dev.retention.runtime.health.SweepHistory;
import io.quarkus.arc.Arc;
import io.vertx.core.Handler;
import io.vertx.core.json.Json;
import io.vertx.ext.web.RoutingContext;
import java.util.Map;

/**
 * {@code /q/retention}: the runtime's {@link RetentionView} as JSON, the same view the Spring Boot endpoint shows.
 * {@code /q/retention} lists every pass under {@code passes}; {@code /q/retention/<pass>} shows one, or answers 404
 * naming the passes there are. Served where Quarkus serves its other management routes: under the non-application
 * root path, on the management interface when {@code quarkus.management.enabled} is true.
 */
public class RetentionRoute implements Handler<RoutingContext> {

  /** The route's path parameter: a pass's name. */
  public static final String PASS = "pass";

  @Override
  public void handle(RoutingContext context) {
    RetentionRuntime runtime = Arc.container().instance(RetentionRuntime.class).get();
    SweepHistory history = Arc.container().instance(SweepHistory.class).get();
    String pass = context.pathParam(PASS);
    if (pass == null) {
      send(context, 200, Map.of("passes", RetentionView.passes(runtime, history)));
    } else if (runtime.passes().stream().map(RetentionPass::name).anyMatch(pass::equals)) {
      send(context, 200, RetentionView.pass(runtime, history, pass));
    } else {
      send(context, 404, Map.of("problem", "no pass named " + pass + "; the passes are "
          + runtime.passes().stream().map(RetentionPass::name).toList()));
    }
  }

  private static void send(RoutingContext context, int status, Map<String, Object> body) {
    context.response().setStatusCode(status).putHeader("Content-Type", "application/json").end(Json.encode(body));
  }
}
