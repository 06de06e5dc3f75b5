package dev.retention.runtime.internal.scope;

import jakarta.persistence.metamodel.Metamodel;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

/**
 * The values of one pass's scope attribute: its Java type, and the conversion of the values that arrive as text (keys
 * of configuration, a tenant id from a request) to that type, so that {@code "42"} finds the rows of tenant 42.
 *
 * @param passName the pass, for messages
 * @param attribute the scope attribute's name
 * @param type the attribute's Java type, boxed
 */
public record ScopeValues(String passName, String attribute, Class<?> type) {

  private static final Map<Class<?>, Function<String, Object>> FROM_TEXT = Map.of(
      String.class, text -> text,
      Long.class, Long::valueOf,
      Integer.class, Integer::valueOf,
      Short.class, Short::valueOf,
      UUID.class, UUID::fromString);

  private static final Map<Class<?>, Class<?>> BOXED = Map.of(
      long.class, Long.class, int.class, Integer.class, short.class, Short.class);

  /** The scope attribute of {@code entity}, typed as the provider's metamodel types it. */
  public static ScopeValues of(Metamodel metamodel, String passName, Class<?> entity, String attribute) {
    Class<?> type = metamodel.entity(entity).getAttribute(attribute).getJavaType();
    return new ScopeValues(passName, attribute, BOXED.getOrDefault(type, type));
  }

  /**
   * {@code value} as a value of the attribute: itself when it has the attribute's type, parsed when it is text.
   *
   * @throws IllegalArgumentException naming the pass, the attribute, the value and the type expected
   */
  public Object convert(Object value) {
    if (type.isInstance(value)) {
      return value;
    }
    Function<String, Object> parse = FROM_TEXT.get(type);
    if (value instanceof String text && parse != null) {
      try {
        return parse.apply(text.trim());
      } catch (IllegalArgumentException notOfTheType) {
        throw mismatch(value, notOfTheType);
      }
    }
    throw mismatch(value, null);
  }

  private IllegalArgumentException mismatch(Object value, Exception cause) {
    return new IllegalArgumentException("Pass " + passName + ": scope value \"" + value + "\" ("
        + value.getClass().getSimpleName() + ") is no value of its scope attribute " + attribute + ", a "
        + type.getSimpleName(), cause);
  }
}
