package dev.retention.runtime;

import jakarta.persistence.EntityManager;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;

/**
 * Deletes the expired rows of one entity. Implemented by the code that {@code retention-processor} generates for each
 * entity with a {@code @Ttl} attribute; the runtime calls it, one bounded batch per transaction.
 *
 * <p>Every method works against a {@link Cutoff} the caller computed once for the whole sweep: a row is expired when its
 * attribute is at or before the cutoff, and a row whose attribute is null never is. Nothing here reads a clock.
 *
 * @param <E> the entity type
 */
public interface RetentionPass<E> {

  /** The pass's name: the entity's fully qualified class name. Options and reports use it. */
  String name();

  /** The entity whose rows this pass deletes. */
  Class<E> entityType();

  /** The window from the annotation: zero when the attribute is the expiry instant itself. */
  Duration expireAfter();

  /** How this pass deletes rows; see {@link DeleteStrategy}. */
  DeleteStrategy deleteStrategy();

  /** The name of the {@code @Ttl} attribute, as JPQL names it. */
  String ttlAttribute();

  /**
   * The condition that must also hold for a row to expire, from {@code @Ttl(when = ...)}: a JPQL conditional
   * expression over the entity, which it names {@code e} ({@code e.status = 'FINISHED'}); empty when every row expires
   * by its date alone. Every statement that selects or deletes rows applies it with the date predicate.
   */
  default Optional<String> condition() {
    return Optional.empty();
  }

  /**
   * The {@code @TtlScope} attribute, as JPQL names it: the attribute that splits the rows into scopes (a tenant, a
   * realm), which the runtime then sweeps one by one. Empty when the entity has none.
   */
  default Optional<String> scopeAttribute() {
    return Optional.empty();
  }

  /**
   * The cutoff as a value of the {@code @Ttl} attribute's type, ready to bind: an {@code Instant} for an
   * {@code Instant} attribute, a {@code LocalDate} in the cutoff's zone for a {@code LocalDate}, and so on.
   */
  Object cutoffValue(Cutoff cutoff);

  /**
   * Deletes at most {@code batchSize} expired rows, oldest first, inside the caller's transaction.
   *
   * @return the number of rows deleted; fewer than {@code batchSize} means no expired row was left to take
   */
  int purgeBatch(EntityManager em, Cutoff cutoff, int batchSize);

  /** Counts the rows expired at {@code cutoff}, for dry runs and reports. */
  long countExpired(EntityManager em, Cutoff cutoff);

  /** The attribute value, as an instant, of the oldest row expired at {@code cutoff}; empty when there is none. */
  Optional<Instant> oldestExpired(EntityManager em, Cutoff cutoff);

  /**
   * {@link #purgeBatch(EntityManager, Cutoff, int)} restricted to the rows of {@code scope}.
   *
   * @throws UnsupportedOperationException when {@code scope} is one scope and the pass has no scope attribute
   */
  default int purgeBatch(EntityManager em, Cutoff cutoff, int batchSize, Scope scope) {
    requireAll(scope);
    return purgeBatch(em, cutoff, batchSize);
  }

  /** {@link #countExpired(EntityManager, Cutoff)} restricted to the rows of {@code scope}. */
  default long countExpired(EntityManager em, Cutoff cutoff, Scope scope) {
    requireAll(scope);
    return countExpired(em, cutoff);
  }

  /** {@link #oldestExpired(EntityManager, Cutoff)} restricted to the rows of {@code scope}. */
  default Optional<Instant> oldestExpired(EntityManager em, Cutoff cutoff, Scope scope) {
    requireAll(scope);
    return oldestExpired(em, cutoff);
  }

  /**
   * The least value of the scope attribute above {@code after} among the pass's rows (the least of all when
   * {@code after} is null); empty when there is none. Rows whose scope attribute is null are not a value here.
   *
   * @throws UnsupportedOperationException when the pass has no scope attribute
   */
  default Optional<Object> nextScopeValue(EntityManager em, Object after) {
    throw new UnsupportedOperationException("Pass " + name() + " has no @TtlScope attribute");
  }

  /**
   * {@link #purgeBatch(EntityManager, Cutoff, int)} with zone-less attribute types read in the JVM's default zone.
   */
  default int purgeBatch(EntityManager em, Instant cutoff, int batchSize) {
    return purgeBatch(em, Cutoff.of(cutoff, ZoneId.systemDefault()), batchSize);
  }

  /** {@link #countExpired(EntityManager, Cutoff)} with zone-less attribute types read in the JVM's default zone. */
  default long countExpired(EntityManager em, Instant cutoff) {
    return countExpired(em, Cutoff.of(cutoff, ZoneId.systemDefault()));
  }

  /** Refuses one scope's rows to a pass that implements only the methods over all its rows. */
  private void requireAll(Scope scope) {
    if (!scope.isAll()) {
      throw new UnsupportedOperationException("Pass " + name() + " has no @TtlScope attribute, so it has no " + scope);
    }
  }
}
