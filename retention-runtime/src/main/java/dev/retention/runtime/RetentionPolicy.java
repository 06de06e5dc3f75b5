package dev.retention.runtime;

import dev.retention.runtime.internal.policy.LivePolicy;
import jakarta.persistence.Query;
import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.Path;
import jakarta.persistence.criteria.Predicate;
import java.time.Instant;
import java.util.Map;

/**
 * One pass's rule as the running runtime applies it at one instant, for the application's own reads: which rows a
 * sweep at {@link #now()} deletes, and so which are live. A row outlives its expiry until a sweep reaches it (up to
 * an interval, longer while a backlog drains); reads that must never see an expired session or token filter by this
 * rule instead of writing {@code expiresAt > :now}, which disagrees with retention as soon as configuration lengthens
 * a window, a scope has a window of its own, or a condition applies.
 *
 * <p>Get one from {@link RetentionRuntime#policy(Class)} (all the entity's rows) or
 * {@link RetentionRuntime#policy(Class, Object)} (one scope's rows) each time you ask: it holds the clock's
 * {@code now} and the windows in force when it was made. It follows the sweep's own predicate, whatever the
 * mapping: the window in force (compiled, or as configuration set it), each scope's window from configuration or
 * {@link ScopeWindows}, {@code never}, the runtime's zone for zone-less values (judged by the later instant of an hour
 * daylight saving repeats, as the sweep's lowered cutoff does), epoch units, and null dates, which never expire.
 *
 * <pre>{@code
 * RetentionPolicy policy = retention.policy(ApiToken.class);
 * List<ApiToken> tokens = policy.bindLive(em.createQuery(
 *     "select t from ApiToken t where t.owner = :owner and " + policy.liveJpql("t"), ApiToken.class), "t")
 *     .setParameter("owner", owner).getResultList();
 * if (policy.expiryOf(token) != Expiry.LIVE) { ... } // in Java, for an instance at hand
 * }</pre>
 *
 * <p>A condition ({@code @Ttl(when = ...)}) is JPQL: the JPQL form carries it (a row is live unless its date is
 * expired and the condition is true, so a condition over a null keeps it live, as the sweep keeps it); the Criteria
 * form cannot, and refuses such a pass; the check in Java says {@link Expiry#EXPIRED_IF_CONDITION_HOLDS}.
 *
 * <p>The live queries of all the rows of a scoped pass with windows of its scopes (configuration's or code's) read, in
 * one grouped statement that names no value, the scopes with rows older than the shortest window, ask each one's
 * window, and name only the scopes whose window decides a row now; every other row goes by the pass's window, so the
 * query's parameters do not grow with the scopes stored. A scope first written after that read goes by the pass's
 * window in that query. Values a collation takes as one ({@code ACME}, {@code acme} on MariaDB's default collation)
 * are judged, as the sweep judges them, by the longest window among the spellings stored.
 */
public final class RetentionPolicy {

  private final LivePolicy policy;

  RetentionPolicy(LivePolicy policy) {
    this.policy = policy;
  }

  /** The pass: its entity's fully qualified class name. */
  public String passName() {
    return policy.passName();
  }

  /** The instant this policy judges at: its runtime's clock when it was made. */
  public Instant now() {
    return policy.now();
  }

  /** The rows the live queries are of: {@link Scope#all()}, or one scope's. */
  public Scope scope() {
    return policy.scope();
  }

  /**
   * What a sweep at {@link #now()} does with {@code instance}'s row, judged in Java from its {@code @Ttl} attribute
   * (and scope attribute), by the window of its own scope.
   *
   * @throws IllegalArgumentException when it is no instance of the pass's entity, or the provider has not loaded the
   *     attribute (a lazy reference); an initialised proxy is read through the entity behind it
   * @throws IllegalStateException when the windows given in code fail for its scope, and when the provider stores the
   *     {@code @Ttl} attribute as text (a converter to {@code String}), which the sweep compares as text
   */
  public Expiry expiryOf(Object instance) {
    return policy.expiryOf(instance);
  }

  /**
   * The live rows, in JPQL over {@code alias}: one conditional expression, in parentheses, to join to a query's
   * {@code where} with {@code and}, {@code or} or {@code not}. Bind its parameters with {@link #bindLive} (or
   * {@link #liveParameters}); their names start with {@code retention_<alias>_} and a number of this policy's own, so
   * that two policies in one query keep each their values.
   *
   * @param alias the query's identification variable of the pass's entity
   * @throws IllegalStateException when the windows given in code fail for a scope
   */
  public String liveJpql(String alias) {
    return policy.liveJpql(alias);
  }

  /** The parameters of {@link #liveJpql(String)} over {@code alias}, by name. */
  public Map<String, Object> liveParameters(String alias) {
    return policy.liveParameters(alias);
  }

  /** Binds the parameters of {@link #liveJpql(String)} over {@code alias} onto {@code query}, and returns it. */
  public <Q extends Query> Q bindLive(Q query, String alias) {
    liveParameters(alias).forEach(query::setParameter);
    return query;
  }

  /**
   * The live rows, as a Criteria predicate over {@code root}, a path to the pass's entity (a {@code Root}, a join).
   *
   * @throws IllegalStateException for a pass with a condition, which is JPQL that no Criteria predicate can carry
   *     (use {@link #liveJpql(String)}); and when the windows given in code fail for a scope
   */
  public Predicate live(CriteriaBuilder cb, Path<?> root) {
    return policy.live(cb, root);
  }

  @Override
  public String toString() {
    return "RetentionPolicy[" + passName() + " at " + now() + (scope().isAll() ? "" : ", " + scope()) + "]";
  }
}
