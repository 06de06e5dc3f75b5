package dev.retention.spring.data;

import dev.retention.runtime.RetentionPolicy;
import dev.retention.runtime.RetentionRuntime;
import java.util.Objects;
import org.springframework.data.jpa.domain.Specification;

/**
 * The live rows of a {@code @Ttl} entity as a Spring Data {@link Specification}, for a repository that extends
 * {@code JpaSpecificationExecutor}: the runtime's own rule ({@link RetentionPolicy#live}), asked anew each time a query
 * is built, so that it judges at the runtime clock's now by the windows in force (configuration's, each scope's).
 *
 * <pre>{@code
 * List<ApiToken> tokens = tokenRepository.findAll(
 *     RetentionSpecifications.live(retention, ApiToken.class).and(ownedBy(user)));
 * }</pre>
 *
 * <p>A Specification is a Criteria predicate, which cannot carry a condition ({@code @Ttl(when = ...)}, JPQL): for
 * such an entity the query fails with an {@code IllegalStateException} naming the pass; write the query in JPQL with
 * {@link RetentionPolicy#liveJpql(String)} instead.
 */
public final class RetentionSpecifications {

  private RetentionSpecifications() {}

  /** The rows of {@code entity} a sweep now would keep. */
  public static <T> Specification<T> live(RetentionRuntime runtime, Class<T> entity) {
    Objects.requireNonNull(runtime, "runtime");
    Objects.requireNonNull(entity, "entity");
    return (root, query, cb) -> runtime.policy(entity).live(cb, root);
  }

  /**
   * The rows of one scope of {@code entity} (a {@code @TtlScope} entity) a sweep now would keep, by that scope's
   * window, which may come from code ({@code ScopeWindowsRegistration}).
   */
  public static <T> Specification<T> live(RetentionRuntime runtime, Class<T> entity, Object scopeValue) {
    Objects.requireNonNull(runtime, "runtime");
    Objects.requireNonNull(entity, "entity");
    return (root, query, cb) -> runtime.policy(entity, scopeValue).live(cb, root);
  }
}
