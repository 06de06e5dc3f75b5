package dev.retention.quarkus.runtime;

import io.quarkus.runtime.annotations.Recorder;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

/**
 * Creates the handler of {@code /q/retention}. A recorder of its own, apart from {@link RetentionRecorder}: it names
 * Vert.x Web's types, which an application without HTTP does not have.
 */
@Recorder
public class RetentionRouteRecorder {

  public Handler<RoutingContext> route() {
    return new RetentionRoute();
  }
}
