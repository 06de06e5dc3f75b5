package dev.retention.quarkus.deployment;

import io.quarkus.builder.item.SimpleBuildItem;
import java.util.List;

/** The class names of the retention registries the build found, sorted. */
final class RegistriesBuildItem extends SimpleBuildItem {

  private final List<String> classNames;

  RegistriesBuildItem(List<String> classNames) {
    this.classNames = List.copyOf(classNames);
  }

  List<String> classNames() {
    return classNames;
  }
}
