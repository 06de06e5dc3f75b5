package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.Cutoff;
import dev.retention.runtime.RetentionPass;
import jakarta.persistence.EntityManager;

/**
 * The statements that delete one batch. The runtime picks one shape at start from what the
 * {@code EntityManagerFactory} reports and uses it for every pass it {@link #supports supports}; the others run the
 * generated pass's own portable JPQL.
 *
 * <p>Every shape keeps the guarantees of a pass: at most {@code batchSize} rows, oldest first, only rows whose
 * attribute is at or before the cutoff when they are deleted, never a row whose attribute is null, and through the
 * provider, so that its caches stay right.
 */
public interface StatementShape {

  /** A short name for logs and reports. */
  String name();

  /** Whether this shape can delete the rows of {@code pass}. */
  boolean supports(RetentionPass<?> pass);

  /** Deletes one batch inside the caller's transaction and returns the number of rows deleted. */
  int purgeBatch(EntityManager em, RetentionPass<?> pass, Cutoff cutoff, int batchSize);
}
