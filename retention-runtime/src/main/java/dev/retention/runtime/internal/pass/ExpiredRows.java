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
 * <p>A pass over epoch milliseconds has a floor as well, {@code e.ttl >= :plausibleFrom}: a value before 1973 is
 * implausible for the unit (epoch seconds declared as milliseconds read as 1970), so its row is kept, never taken as
 * expired; the sweep counts such rows and says why (see {@code EpochPlausibility}). With {@code epoch-check=false} the
 * floor is the type's least value, which every row passes.
 *
 * <p>A native statement renders the same model in SQL and binds the same values; it may do so only for a predicate
 * without a condition, which is JPQL (see {@link #hasCondition()}).
 */
public final class ExpiredRows {

  private final PassModel pass;
  private final Cutoff cutoff;
  private final Object cutoffValue;
  private final Scope scope;
  /** The least value a row may have and be expired, of the cutoff's type; null for a pass without a floor. */
  private final Object plausibleFrom;

  ExpiredRows(PassModel pass, Cutoff cutoff, Object cutoffValue, Scope scope, Object plausibleFrom) {
    this.pass = pass;
    this.cutoff = cutoff;
    this.cutoffValue = cutoffValue;
    this.scope = scope;
    this.plausibleFrom = plausibleFrom;
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
    if (plausibleFrom != null) {
      where.append(" and e.").append(pass.ttlAttribute()).append(" >= :plausibleFrom");
    }
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
    if (plausibleFrom != null) {
      query.setParameter("plausibleFrom", plausibleFrom);
    }
    scope.value().ifPresent(value -> query.setParameter("scope", value));
    return query;
  }

  /**
   * The floor a native statement binds with {@code ttl >= ?}, for a pass whose predicate has one
   * ({@link PassModel#hasFloor()}); empty otherwise.
   */
  public Optional<Object> plausibleFrom() {
    return Optional.ofNullable(plausibleFrom);
  }

  /** The scope's value a native statement binds after the cutoff; empty for all scopes and for the rows without one. */
  public Optional<Object> scopeValue() {
    return scope.value();
  }

  /** The same predicate at another cutoff, for a scope whose window grew during its sweep. */
  public ExpiredRows at(Cutoff other) {
    return new ExpiredRows(pass, other, pass.pass().cutoffValue(other), scope, plausibleFrom);
  }

  @Override
  public String toString() {
    return pass.name() + ": " + jpql() + " (cutoff " + cutoff.instant() + (scope.isAll() ? "" : ", " + scope) + ")";
  }
}
