package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.shape.NativeShapes;
import jakarta.persistence.metamodel.EntityType;
import jakarta.persistence.metamodel.Metamodel;

/**
 * MariaDB's shape for the keys {@link IntegerKeysOnly} leaves to the portable JPQL, for the keys it was measured
 * faster on (docs/PERFORMANCE.md, run K): a composite key ({@code @EmbeddedId} or {@code @IdClass}) and a single
 * {@code String} key. An integer key keeps its own shapes; any other key (a UUID) was not measured, runs the portable
 * JPQL, and the start line says why.
 */
final class KeyShapes implements NativeShapes {

  private final NativeShapes shapes;
  private final Metamodel metamodel;

  KeyShapes(NativeShapes shapes, Metamodel metamodel) {
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
    if (!entity.hasSingleIdAttribute() || entity.getIdType().getJavaType() == String.class
        || entity.getIdType().getPersistenceType() == jakarta.persistence.metamodel.Type.PersistenceType.EMBEDDABLE) {
      return shapes.judge(pass);
    }
    if (IntegerKeysOnly.hasIntegerKey(entity)) {
      return Judgement.quietlyDeclines(); // an integer key's own shapes took it or said why not
    }
    return Judgement.declines(pass.entityName() + " has a " + entity.getIdType().getJavaType().getSimpleName()
        + " key, for which this shape was not measured on MariaDB");
  }
}
