package dev.retention.micronaut.model;

import dev.retention.runtime.RetentionRuntime;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.BeanPreDestroyEvent;
import io.micronaut.context.event.BeanPreDestroyEventListener;
import jakarta.inject.Singleton;
import jakarta.persistence.EntityManagerFactory;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Which of the application's factories are still open when the context closes the runtime, in the contexts that ask. */
@Singleton
@Requires(property = FactoriesAtClose.PROPERTY, value = "true")
public class FactoriesAtClose implements BeanPreDestroyEventListener<RetentionRuntime> {

  public static final String PROPERTY = "test.factories-at-close";

  private final List<EntityManagerFactory> factories;
  private final List<Boolean> open = new CopyOnWriteArrayList<>();

  FactoriesAtClose(List<EntityManagerFactory> factories) {
    this.factories = factories;
  }

  @Override
  public RetentionRuntime onPreDestroy(BeanPreDestroyEvent<RetentionRuntime> event) {
    factories.forEach(factory -> open.add(factory.isOpen()));
    return event.getBean();
  }

  /** For each factory, whether it was open when the runtime was closed; empty until then. */
  public List<Boolean> open() {
    return List.copyOf(open);
  }
}
