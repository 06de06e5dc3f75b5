package dev.retention.runtime.internal.assembly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.SweepListener;
import jakarta.persistence.EntityManagerFactory;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The builder's settings, frozen by name: absent ones empty, never null, and the frozen copy kept from later steps. */
class RuntimeInputTest {

  /** A factory nothing is asked of: the input only holds it. */
  private static final EntityManagerFactory EMF = (EntityManagerFactory) Proxy.newProxyInstance(
      RuntimeInputTest.class.getClassLoader(), new Class<?>[] {EntityManagerFactory.class}, (proxy, method, args) -> {
        throw new UnsupportedOperationException(method.getName());
      });

  @Test
  void whatWasNotSetIsEmptyOrItsDefault() {
    RuntimeInput input = RuntimeInput.builder(EMF).build();

    assertEquals(Optional.empty(), input.registries());
    assertEquals(Optional.empty(), input.classLoader());
    assertEquals(Optional.empty(), input.threadFactory());
    assertEquals(Optional.empty(), input.sweepTimer());
    assertEquals(Optional.empty(), input.transactions());
    assertEquals(1, input.maxConcurrentSweeps());
    assertEquals(Duration.ofSeconds(30), input.closeTimeout());
    assertEquals(Map.of(), input.configuration());
    assertTrue(input.listeners().isEmpty());
  }

  @Test
  void stepsAfterBuildReachNoInputBuiltBefore() {
    RuntimeInput.Builder builder = RuntimeInput.builder(EMF)
        .clock(Clock.fixed(Instant.EPOCH, ZoneOffset.UTC))
        .configuration("retention.defaults.batch-size", "10")
        .options("com.acme.Event", RetentionOptions.empty().withBatchSize(20))
        .listener(new SweepListener() { });
    RuntimeInput first = builder.build();

    builder.configuration("retention.defaults.dry-run", "true").listener(new SweepListener() { }).maxConcurrentSweeps(3)
        .options("com.acme.Other", RetentionOptions.empty());

    assertEquals(Map.of("retention.defaults.batch-size", "10"), first.configuration());
    assertEquals(List.of("com.acme.Event"), List.copyOf(first.options().keySet()));
    assertEquals(1, first.listeners().size());
    assertEquals(1, first.maxConcurrentSweeps());
    assertEquals(2, builder.build().listeners().size());
    assertThrows(UnsupportedOperationException.class, () -> first.configuration().put("retention.x", "y"));
  }

  @Test
  void aConfigurationValueThatIsNullIsRefusedNamingItsKey() {
    NullPointerException refused = assertThrows(NullPointerException.class,
        () -> RuntimeInput.builder(EMF).configuration("retention.defaults.batch-size", null));

    assertEquals("Configuration key retention.defaults.batch-size has no value", refused.getMessage());
  }
}
