package dev.retention.quarkus.deployment;

import dev.retention.quarkus.runtime.DiscoveredRegistries;
import dev.retention.quarkus.runtime.RetentionBuildTimeConfig;
import dev.retention.quarkus.runtime.RetentionLifecycle;
import dev.retention.quarkus.runtime.RetentionMeters;
import dev.retention.quarkus.runtime.RetentionHealthCheck;
import dev.retention.quarkus.runtime.RetentionRecorder;
import io.quarkus.arc.deployment.AdditionalBeanBuildItem;
import io.quarkus.arc.deployment.SyntheticBeanBuildItem;
import io.quarkus.deployment.annotations.BuildProducer;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.annotations.ExecutionTime;
import io.quarkus.deployment.annotations.Record;
import io.quarkus.deployment.builditem.FeatureBuildItem;
import io.quarkus.deployment.builditem.nativeimage.ReflectiveClassBuildItem;
import io.quarkus.deployment.metrics.MetricsCapabilityBuildItem;
import io.quarkus.runtime.metrics.MetricsFactory;
import io.quarkus.smallrye.health.deployment.spi.HealthBuildItem;
import jakarta.inject.Singleton;
import java.util.Optional;

/** The build steps of the Retention extension. */
class RetentionProcessor {

  private static final String FEATURE = "retention";

  @BuildStep
  FeatureBuildItem feature() {
    return new FeatureBuildItem(FEATURE);
  }

  @BuildStep
  AdditionalBeanBuildItem beans() {
    return AdditionalBeanBuildItem.builder()
        .addBeanClasses(RetentionLifecycle.class)
        .setUnremovable()
        .build();
  }

  /** Micrometer meters for each pass, when the application has quarkus-micrometer; nothing otherwise. */
  @BuildStep
  void meters(Optional<MetricsCapabilityBuildItem> metrics, BuildProducer<AdditionalBeanBuildItem> beans) {
    if (metrics.isPresent() && metrics.get().metricsSupported(MetricsFactory.MICROMETER)) {
      beans.produce(AdditionalBeanBuildItem.unremovableOf(RetentionMeters.class));
    }
  }

  /** The registries of the application and its libraries, read from their services files now rather than at start. */
  @BuildStep
  RegistriesBuildItem discoverRegistries() {
    return new RegistriesBuildItem(RegistryScan.scan(Thread.currentThread().getContextClassLoader()));
  }

  /** The registries are created by reflection when the application starts, also in a native image. */
  @BuildStep
  void registriesReflection(RegistriesBuildItem registries, BuildProducer<ReflectiveClassBuildItem> reflection) {
    if (!registries.classNames().isEmpty()) {
      reflection.produce(ReflectiveClassBuildItem.builder(registries.classNames().toArray(String[]::new))
          .constructors().build());
    }
  }

  @BuildStep
  @Record(ExecutionTime.STATIC_INIT)
  SyntheticBeanBuildItem registriesBean(RetentionRecorder recorder, RegistriesBuildItem registries) {
    return SyntheticBeanBuildItem.configure(DiscoveredRegistries.class)
        .scope(Singleton.class)
        .unremovable()
        .supplier(recorder.registries(registries.classNames()))
        .done();
  }

  /**
   * The wellness check, when the application has quarkus-smallrye-health; nothing otherwise. Never a readiness check:
   * one housekeeping failure must not mark every replica not ready at once.
   */
  @BuildStep
  HealthBuildItem wellnessCheck(RetentionBuildTimeConfig config) {
    return new HealthBuildItem(RetentionHealthCheck.class.getName(), config.health().enabled());
  }
}
