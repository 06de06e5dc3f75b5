package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.Cutoff;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.Scope;
import jakarta.persistence.EntityManager;

/** The generated pass's own JPQL: works on every JPA provider and database. */
public final class PortableShape implements StatementShape {

  public static final PortableShape INSTANCE = new PortableShape();

  private PortableShape() {}

  @Override
  public String name() {
    return "portable JPQL";
  }

  @Override
  public boolean supports(RetentionPass<?> pass) {
    return true;
  }

  @Override
  public int purgeBatch(EntityManager em, RetentionPass<?> pass, Cutoff cutoff, int batchSize) {
    return pass.purgeBatch(em, cutoff, batchSize);
  }

  @Override
  public boolean supportsScopes() {
    return true;
  }

  @Override
  public int purgeBatch(EntityManager em, RetentionPass<?> pass, Cutoff cutoff, int batchSize, Scope scope) {
    return scope.isAll() ? pass.purgeBatch(em, cutoff, batchSize) : pass.purgeBatch(em, cutoff, batchSize, scope);
  }
}
