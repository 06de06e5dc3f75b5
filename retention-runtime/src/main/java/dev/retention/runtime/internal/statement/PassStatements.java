package dev.retention.runtime.internal.statement;

import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.Scope;
import jakarta.persistence.Query;
import jakarta.persistence.metamodel.EntityType;
import jakarta.persistence.metamodel.Metamodel;
import java.util.List;
import java.util.Objects;
import java.util.StringJoiner;
import java.util.stream.Collectors;

/**
 * The JPQL of a pass, built from the entity's name, its {@code @Ttl} attribute and its id attribute. Every statement
 * binds the cutoff as {@code :cutoff}; a row is expired when its attribute is at or before it, and null never is.
 *
 * @param entityName the entity's name in JPQL
 * @param ttlAttribute the {@code @Ttl} attribute
 * @param idAttribute the id attribute; for an {@code @IdClass} id, the first of its attributes, used for ordering only
 * @param condition the pass's condition, a JPQL conditional expression over {@code e}, or null when it has none; every
 *     statement below that selects or deletes by the date applies it too
 * @param scopeAttribute the pass's {@code @TtlScope} attribute, or null when it has none
 * @param scope the rows the statements may touch: {@link Scope#all()}, or one scope's rows, which every statement below
 *     that selects or deletes by the date then restricts itself to ({@code e.<scope> = :scope}, or
 *     {@code e.<scope> is null}); {@link #bind} binds the value
 */
public record PassStatements(String entityName, String ttlAttribute, String idAttribute, String condition,
    String scopeAttribute, Scope scope) {

  public PassStatements {
    Objects.requireNonNull(scope, "scope");
    if (!scope.isAll() && scopeAttribute == null) {
      throw new IllegalArgumentException("Entity " + entityName + " has no @TtlScope attribute, so it has no " + scope);
    }
  }

  /**
   * The statements of {@code pass}, named as the provider's metamodel names its entity and id (the first attribute of
   * an {@code @IdClass} id), with the pass's condition.
   */
  public static PassStatements of(Metamodel metamodel, RetentionPass<?> pass) {
    EntityType<?> entity = metamodel.entity(pass.entityType());
    String id = entity.hasSingleIdAttribute() ? entity.getId(entity.getIdType().getJavaType()).getName()
        : entity.getIdClassAttributes().iterator().next().getName();
    return new PassStatements(entity.getName(), pass.ttlAttribute(), id, pass.condition().orElse(null),
        pass.scopeAttribute().orElse(null), Scope.all());
  }

  /** The statements of a pass without a condition or a scope attribute. */
  public PassStatements(String entityName, String ttlAttribute, String idAttribute) {
    this(entityName, ttlAttribute, idAttribute, null);
  }

  /** The statements of a pass without a scope attribute. */
  public PassStatements(String entityName, String ttlAttribute, String idAttribute, String condition) {
    this(entityName, ttlAttribute, idAttribute, condition, null, Scope.all());
  }

  /** These statements restricted to the rows of {@code scope}. */
  public PassStatements within(Scope scope) {
    return scope.equals(this.scope) ? this
        : new PassStatements(entityName, ttlAttribute, idAttribute, condition, scopeAttribute, scope);
  }

  /** Binds {@code :cutoff} and, when the statements are restricted to one scope's value, {@code :scope}. */
  public <Q extends Query> Q bind(Q query, Object cutoffValue) {
    query.setParameter("cutoff", cutoffValue);
    scope.value().ifPresent(value -> query.setParameter("scope", value));
    return query;
  }

  private String expired() {
    return "e." + ttlAttribute + " <= :cutoff" + (condition == null ? "" : " and (" + condition + ")") + inScope();
  }

  private String inScope() {
    if (scope.isAll()) {
      return "";
    }
    return " and e." + scopeAttribute + (scope.value().isPresent() ? " = :scope" : " is null");
  }

  private String from() {
    return " from " + entityName + " e where " + expired();
  }

  private String oldestFirst() {
    return " order by e." + ttlAttribute + ", e." + idAttribute;
  }

  /** The ids of the expired rows, oldest first. */
  public String selectExpiredIds() {
    return "select e." + idAttribute + from() + oldestFirst();
  }

  /** The expired entities, oldest first. */
  public String selectExpired() {
    return "select e" + from() + oldestFirst();
  }

  /**
   * Deletes the rows of {@code :ids} that are still expired: a row whose date moved past the cutoff, or that no longer
   * meets the condition, stays.
   */
  public String deleteExpiredByIds() {
    return "delete from " + entityName + " e where e." + idAttribute + " in :ids and " + expired();
  }

  /** Deletes the rows of {@code :ids}, for rows locked since they were selected. */
  public String deleteByIds() {
    return "delete from " + entityName + " e where e." + idAttribute + " in :ids";
  }

  /** The keys of the expired rows, oldest first: one column per path of {@code keyPaths} (composite ids). */
  public String selectExpiredKeys(List<String> keyPaths) {
    return "select " + keyPaths.stream().map(path -> "e." + path).collect(Collectors.joining(", ")) + from()
        + oldestFirst();
  }

  /** Deletes the rows of {@code :ids} still expired, as {@link #deleteExpiredByIds} does, naming each row's key. */
  public String deleteExpiredByKeys(List<String> keyPaths, int rows) {
    return "delete from " + entityName + " e where " + keysMatch(keyPaths, rows) + " and " + expired();
  }

  /** The entities of {@code :ids} that are still expired, oldest first: locked by the caller once selected. */
  public String selectExpiredByIds() {
    return "select e from " + entityName + " e where e." + idAttribute + " in :ids and " + expired() + oldestFirst();
  }

  /** The ids of the rows of {@code :ids} that are still expired, oldest first: locked by the caller once selected. */
  public String selectExpiredIdsByIds() {
    return "select e." + idAttribute + " from " + entityName + " e where e." + idAttribute + " in :ids and " + expired()
        + oldestFirst();
  }

  /** The ids of the {@code rows} keys that are still expired, oldest first, as {@link #selectExpiredIdsByIds}. */
  public String selectExpiredIdsByKeys(List<String> keyPaths, int rows) {
    return "select e." + idAttribute + " from " + entityName + " e where " + keysMatch(keyPaths, rows) + " and "
        + expired() + oldestFirst();
  }

  /** The entities of the {@code rows} keys that are still expired, oldest first, as {@link #selectExpiredByIds}. */
  public String selectExpiredByKeys(List<String> keyPaths, int rows) {
    return "select e from " + entityName + " e where " + keysMatch(keyPaths, rows) + " and " + expired()
        + oldestFirst();
  }

  /**
   * One equality conjunction per row, {@code ((e.a = :k0_0 and e.b = :k0_1) or ...)}: the composite-key form every
   * provider accepts, where a list of embeddables bound to {@code in :ids} is not (EclipseLink binds each embeddable
   * as one JDBC value).
   */
  public static String keysMatch(List<String> keyPaths, int rows) {
    StringJoiner any = new StringJoiner(" or ", "(", ")");
    for (int row = 0; row < rows; row++) {
      StringJoiner all = new StringJoiner(" and ", "(", ")");
      for (int column = 0; column < keyPaths.size(); column++) {
        all.add("e." + keyPaths.get(column) + " = :" + keyParameter(row, column));
      }
      any.add(all.toString());
    }
    return any.toString();
  }

  /** The parameter {@link #keysMatch} names for a row's column. */
  public static String keyParameter(int row, int column) {
    return "k" + row + "_" + column;
  }

  /** How many rows are expired. */
  public String countExpired() {
    return "select count(e)" + from();
  }

  /**
   * The scope values above {@code :after} (or all, without {@code after}) in order, of which the caller reads the first:
   * one index probe per scope with an index that starts with the scope, so that scopes are found without reading their
   * rows. Not {@code min(e.scope)}: PostgreSQL has no {@code min} of a {@code uuid} (Hibernate rewrites it, EclipseLink
   * does not), while every database orders one.
   */
  public String nextScope(boolean after) {
    return "select e." + scopeAttribute + " from " + entityName + " e where e." + scopeAttribute
        + (after ? " > :after" : " is not null") + " order by e." + scopeAttribute;
  }

  /** The attribute of the oldest expired row. */
  public String oldestExpired() {
    return "select min(e." + ttlAttribute + ")" + from();
  }
}
