package dev.retention.runtime.internal.pass;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.persistence.metamodel.EntityType;
import jakarta.persistence.metamodel.SingularAttribute;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A key of one attribute is told from an {@code @IdClass} key by what the metamodel says, and by the attribute marked
 * as the id where EclipseLink says neither (a {@code @Multitenant(TABLE_PER_TENANT)} entity, whose descriptor it
 * completes per tenant).
 */
class KeysTest {

  @Test
  void anEntityTheProviderSaysHasASingleIdHasOne() {
    assertTrue(Keys.singleId(entity(true, Set.of(attribute(true), attribute(false)), null)));
  }

  @Test
  void oneAttributeMarkedAsTheIdAndNoIdClassIsASingleIdWhateverHasSingleIdAttributeSays() {
    assertTrue(Keys.singleId(entity(false, Set.of(attribute(true), attribute(false)),
        new IllegalArgumentException("No @IdClass attributes exist on the IdentifiableType"))));
  }

  @Test
  void anIdClassKeyIsNoSingleId() {
    assertFalse(Keys.singleId(entity(false, Set.of(attribute(true), attribute(true)), null)));
    assertFalse(Keys.singleId(entity(false, Set.of(attribute(true)), null)), "an @IdClass of one attribute");
  }

  /**
   * An entity type answering the three questions; {@code getIdClassAttributes()} throws {@code noIdClass} where
   * given, else returns the attributes marked as the id.
   */
  private static EntityType<?> entity(boolean singleIdAttribute, Set<SingularAttribute<?, ?>> attributes,
      RuntimeException noIdClass) {
    return (EntityType<?>) Proxy.newProxyInstance(KeysTest.class.getClassLoader(), new Class<?>[] {EntityType.class},
        (proxy, method, args) -> switch (method.getName()) {
          case "hasSingleIdAttribute" -> singleIdAttribute;
          case "getSingularAttributes" -> attributes;
          case "getIdClassAttributes" -> {
            if (noIdClass != null) {
              throw noIdClass;
            }
            yield Set.copyOf(attributes.stream().filter(SingularAttribute::isId).toList());
          }
          default -> throw new UnsupportedOperationException(method.getName());
        });
  }

  private static SingularAttribute<?, ?> attribute(boolean id) {
    Map<String, Object> answers = Map.of("isId", id);
    return (SingularAttribute<?, ?>) Proxy.newProxyInstance(KeysTest.class.getClassLoader(),
        new Class<?>[] {SingularAttribute.class}, (proxy, method, args) -> switch (method.getName()) {
          case "hashCode" -> System.identityHashCode(proxy);
          case "equals" -> proxy == args[0];
          default -> {
            if (!answers.containsKey(method.getName())) {
              throw new UnsupportedOperationException(method.getName());
            }
            yield answers.get(method.getName());
          }
        });
  }
}
