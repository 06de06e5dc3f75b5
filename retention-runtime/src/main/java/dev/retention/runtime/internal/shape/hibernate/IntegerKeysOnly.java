package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.shape.NativeShapes;
import jakarta.persistence.metamodel.EntityType;
import jakarta.persistence.metamodel.Metamodel;
import java.util.Set;

/**
 * MariaDB's native shapes, for the keys they were measured faster on: a single id attribute of an integer type.
 * On a string key (Spring Session's 36-character UUID text, docs/PERFORMANCE.md run H) the SKIP LOCKED shape took
 * longer than the portable JPQL in every drain measured, up to 2.5 times as long, and its batches met deadlocks with
 * the application's writes; on integer keys (run G3) it tied or won. Every other key (strings, UUIDs, composite keys)
 * is left to {@link KeyShapes}, and the start line says why.
 */
final class IntegerKeysOnly implements NativeShapes {

  private static final Set<Class<?>> INTEGER_KEYS = Set.of(long.class, Long.class, int.class, Integer.class,
      short.class, Short.class);

  private final NativeShapes shapes;
  private final Metamodel metamodel;

  IntegerKeysOnly(NativeShapes shapes, Metamodel metamodel) {
    this.shapes = shapes;
    this.metamodel = metamodel;
  }

  @Override
  public String name() {
    return shapes.name();
  }

  @Override
  public boolean suits(PassSettings settings) {
    return shapes.suits(settings);
  }

  @Override
  public Judgement judge(PassModel pass) {
    EntityType<?> entity = metamodel.entity(pass.entityType());
    if (hasIntegerKey(entity)) {
      return shapes.judge(pass);
    }
    String key = entity.hasSingleIdAttribute()
        ? "a " + entity.getIdType().getJavaType().getSimpleName() + " key"
        : "a composite key";
    return Judgement.declines(pass.entityName() + " has " + key + ", and on MariaDB only integer keys were measured"
        + " faster this way than the portable JPQL");
  }

  /** Whether {@code entity}'s key is a single id attribute of an integer type. */
  static boolean hasIntegerKey(EntityType<?> entity) {
    return entity.hasSingleIdAttribute() && INTEGER_KEYS.contains(entity.getIdType().getJavaType());
  }
}
