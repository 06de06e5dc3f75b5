package dev.retention.runtime.internal.pass;

import dev.retention.runtime.Scope;
import dev.retention.runtime.generated.Cutoff;
import jakarta.persistence.Query;
import java.util.Optional;

/**
 * Which rows of a pass may go in one batch: the one predicate every statement shape applies, at its selection and
 * again at its delete (or by holding a lock on every row it read). A row is expired when its {@code @Ttl} attribute is
 * at or before the cutoff (a null attribute never is), the pass's condition holds, and it belongs to the scope swept.
 *
 * <p>In JPQL, over the entity named {@code e}, with the parameters {@code :cutoff} and, for one scope's value,
 * {@code :scope}:
 *
 * <pre>{@code
 * e.ttl <= :cutoff and (condition) and e.scopeAttribute = :scope
 * }</pre>
 *
 * <p>A native statement renders the same model in SQL and binds the same values; it may do so only for a predicate
 * without a condition, which is JPQL (see {@link #hasCondition()}).
 */
public final class ExpiredRows {

  private final PassModel pass;
  private final Cutoff cutoff;
  private final Object cutoffValue;
  private final Scope scope;

  ExpiredRows(PassModel pass, Cutoff cutoff, Object cutoffValue, Scope scope) {
    this.pass = pass;
    this.cutoff = cutoff;
    this.cutoffValue = cutoffValue;
    this.scope = scope;
  }

  public PassModel pass() {
    return pass;
  }

  public Cutoff cutoff() {
    return cutoff;
  }

  /** The cutoff as a value of the attribute's type, as every statement binds it. */
  public Object cutoffValue() {
    return cutoffValue;
  }

  public Scope scope() {
    return scope;
  }

  /** Whether the pass's condition is part of the predicate: then only JPQL can state it. */
  public boolean hasCondition() {
    return pass.condition().isPresent();
  }

  /** The predicate in JPQL, over {@code e}. */
  public String jpql() {
    StringBuilder where = new StringBuilder("e.").append(pass.ttlAttribute()).append(" <= :cutoff");
    pass.condition().ifPresent(condition -> where.append(" and (").append(condition).append(')'));
    if (!scope.isAll()) {
      where.append(" and e.").append(pass.scopeAttribute().orElseThrow())
          .append(scope.value().isPresent() ? " = :scope" : " is null");
    }
    return where.toString();
  }

  /** Binds what {@link #jpql()} names: the cutoff, and the scope's value when it has one. */
  public <Q extends Query> Q bind(Q query) {
    query.setParameter("cutoff", cutoffValue);
    scope.value().ifPresent(value -> query.setParameter("scope", value));
    return query;
  }

  /** The scope's value a native statement binds after the cutoff; empty for all scopes and for the rows without one. */
  public Optional<Object> scopeValue() {
    return scope.value();
  }

  /** The same predicate at another cutoff, for a scope whose window grew during its sweep. */
  public ExpiredRows at(Cutoff other) {
    return pass.expiredAt(other, scope);
  }

  @Override
  public String toString() {
    return pass.name() + ": " + jpql() + " (cutoff " + cutoff.instant() + (scope.isAll() ? "" : ", " + scope) + ")";
  }
}
