package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.shape.NativeShapes;
import jakarta.persistence.metamodel.EntityType;
import jakarta.persistence.metamodel.Metamodel;
import jakarta.persistence.metamodel.Type.PersistenceType;
import java.util.EnumSet;
import java.util.Set;

/**
 * A native shape taken only for the kinds of key it was measured faster on than the portable JPQL; a pass with another
 * key runs what comes next, and the start line says why. On MariaDB the locking shapes take single integer keys only:
 * on Spring Session's 36-character UUID text (docs/PERFORMANCE.md run H) the SKIP LOCKED shape took up to 2.5 times as
 * long as the portable JPQL and met deadlocks with the application's writes, while on integer keys (run G3) it tied or
 * won. The native delete by keys takes text and composite keys, where run K measured it faster; a UUID key was not
 * measured and keeps the portable JPQL.
 */
final class MeasuredKeys implements NativeShapes {

  /** The kinds of key a shape is measured on. */
  enum KeyKind {
    INTEGER, TEXT, COMPOSITE, OTHER;

    private static final Set<Class<?>> INTEGER_TYPES = Set.of(long.class, Long.class, int.class, Integer.class,
        short.class, Short.class);

    static KeyKind of(EntityType<?> entity) {
      if (!entity.hasSingleIdAttribute() || entity.getIdType().getPersistenceType() == PersistenceType.EMBEDDABLE) {
        return COMPOSITE;
      }
      Class<?> type = entity.getIdType().getJavaType();
      return INTEGER_TYPES.contains(type) ? INTEGER : type == String.class ? TEXT : OTHER;
    }
  }

  private final NativeShapes shapes;
  private final Metamodel metamodel;
  private final Set<KeyKind> measured;

  private MeasuredKeys(NativeShapes shapes, Metamodel metamodel, Set<KeyKind> measured) {
    this.shapes = shapes;
    this.metamodel = metamodel;
    this.measured = measured;
  }

  /** {@code shapes} for a single id attribute of an integer type only. */
  static MeasuredKeys integerKeys(NativeShapes shapes, Metamodel metamodel) {
    return new MeasuredKeys(shapes, metamodel, EnumSet.of(KeyKind.INTEGER));
  }

  /** {@code shapes} for a single {@code String} key or a composite key ({@code @EmbeddedId}, {@code @IdClass}). */
  static MeasuredKeys textAndCompositeKeys(NativeShapes shapes, Metamodel metamodel) {
    return new MeasuredKeys(shapes, metamodel, EnumSet.of(KeyKind.TEXT, KeyKind.COMPOSITE));
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
    KeyKind kind = KeyKind.of(entity);
    if (measured.contains(kind)) {
      return shapes.judge(pass);
    }
    String key = kind == KeyKind.COMPOSITE ? "a composite key"
        : "a " + entity.getIdType().getJavaType().getSimpleName() + " key";
    if (measured.contains(KeyKind.INTEGER)) {
      return Judgement.declines(pass.entityName() + " has " + key + ", and on MariaDB only integer keys were measured"
          + " faster this way than the portable JPQL");
    }
    if (kind == KeyKind.INTEGER) {
      return Judgement.quietlyDeclines(); // the integer keys' own shapes took it, or said why not
    }
    return Judgement.declines(pass.entityName() + " has " + key + ", for which this shape was not measured on MariaDB");
  }
}
