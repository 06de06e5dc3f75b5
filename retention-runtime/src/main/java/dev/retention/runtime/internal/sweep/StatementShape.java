package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.Cutoff;
import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.Scope;
import jakarta.persistence.EntityManager;
import java.util.Optional;

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

  /**
   * Why this shape leaves {@code pass} to a slower one, when the user should hear it at start (an attribute converter,
   * a partitioned table); empty when it takes the pass, or declines it only for the entity's mapping.
   */
  default Optional<String> declineNote(RetentionPass<?> pass) {
    return Optional.empty();
  }

  /**
   * Whether a batch binds each row's id as parameters ({@code where id in :ids}): then the number of bind parameters a
   * statement takes bounds the batch (see {@link BatchBound}).
   */
  default boolean bindsIdsPerRow(RetentionPass<?> pass) {
    return pass.deleteStrategy() == DeleteStrategy.BULK_STATEMENTS;
  }

  /** Deletes one batch inside the caller's transaction and returns the number of rows deleted. */
  int purgeBatch(EntityManager em, RetentionPass<?> pass, Cutoff cutoff, int batchSize);

  /**
   * Whether this shape can restrict its statements to one scope of a pass with a {@code @TtlScope} attribute. Shapes
   * that cannot are not used for such passes.
   */
  default boolean supportsScopes() {
    return false;
  }

  /**
   * Deletes one batch of {@code scope}'s rows inside the caller's transaction and returns the number deleted.
   *
   * @throws IllegalStateException when {@code scope} is one scope and this shape does not {@link #supportsScopes}
   */
  default int purgeBatch(EntityManager em, RetentionPass<?> pass, Cutoff cutoff, int batchSize, Scope scope) {
    if (!scope.isAll()) {
      throw new IllegalStateException(name() + " cannot restrict its statements to " + scope + " of " + pass.name());
    }
    return purgeBatch(em, pass, cutoff, batchSize);
  }
}
