package dev.retention.quarkus.deployment;

import dev.retention.quarkus.runtime.RetentionRoute;
import dev.retention.quarkus.runtime.RetentionRouteRecorder;
import io.quarkus.bootstrap.classloading.QuarkusClassLoader;
import io.quarkus.deployment.annotations.BuildProducer;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.annotations.ExecutionTime;
import io.quarkus.deployment.annotations.Record;
import io.quarkus.vertx.http.deployment.spi.RouteBuildItem;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.util.function.BooleanSupplier;

/**
 * {@code /q/retention} (and {@code /q/retention/<pass>}), a management route, when the application serves HTTP:
 * where Quarkus users find its other views of a running application, beside {@code /q/health} and
 * {@code /q/metrics}. A class of its own, so that an application without HTTP never loads the route's types.
 */
class RetentionRouteProcessor {

  /** The route's path under the non-application root: {@value}. */
  static final String PATH = "retention";

  /** Whether the application serves HTTP: Vert.x Web, which quarkus-vertx-http brings, is on its class path. */
  static final class ServesHttp implements BooleanSupplier {
    @Override
    public boolean getAsBoolean() {
      return QuarkusClassLoader.isClassPresentAtRuntime("io.vertx.ext.web.RoutingContext");
    }
  }

  @BuildStep(onlyIf = ServesHttp.class)
  @Record(ExecutionTime.RUNTIME_INIT)
  void route(RetentionRouteRecorder recorder, BuildProducer<RouteBuildItem> routes) {
    Handler<RoutingContext> handler = recorder.route();
    routes.produce(RouteBuildItem.newManagementRoute(PATH)
        .withRequestHandler(handler).asBlockingRoute().displayOnNotFoundPage("Retention: passes and last sweeps")
        .build());
    routes.produce(RouteBuildItem.newManagementRoute(PATH + "/:" + RetentionRoute.PASS)
        .withRequestHandler(handler).asBlockingRoute().build());
  }
}
