package dev.retention.runtime.internal.policy;

import dev.retention.runtime.Expiry;
import dev.retention.runtime.Scope;
import dev.retention.runtime.ScopeWindows;
import dev.retention.runtime.generated.Cutoff;
import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.scope.ScopeWindowing;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.Path;
import jakarta.persistence.criteria.Predicate;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One pass's rule at one instant, as the application reads it: which rows a sweep at {@code now} would delete, as the
 * union of the sweep's own predicates ({@link ExpiredRows}), one for each window the pass's rows have (the pass's, and
 * each scope's from configuration), and its negation, the live rows, in JPQL and Criteria; and the verdict of one
 * instance, judged by the window of its own scope.
 *
 * <p>A row is live when it is not {@code (expired by its window) and (condition)}, in SQL's three values: a row for
 * which the predicate is unknown (a null date, a condition over a null) is live, as the sweep keeps it. Each statement
 * says so with {@code case when (expired) then 0 else 1 end = 1}, which is that negation exactly.
 */
public final class LivePolicy {

  private static final Pattern ALIAS = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  /**
   * One window's share of the expired rows.
   *
   * @param rows the sweep's predicate at that window's cutoff
   * @param except scope values whose rows have windows of their own (rows of all scopes but these); empty for none
   */
  private record Part(ExpiredRows rows, List<Object> except) {}

  private final PassModel model;
  private final Instant now;
  private final ZoneId zone;
  private final Duration passWindow;
  private final ScopeWindowing scopes;
  private final Scope scope;
  private final AttributeReader ttl;
  private final AttributeReader scopeAttribute;

  /**
   * @param passWindow the pass's window in force ({@code retention}, or the compiled one)
   * @param scopes the windows of the pass's scopes; null for a pass without a scope attribute
   * @param scope the rows the live queries are of: all, or one scope's (for a scoped pass only)
   */
  public LivePolicy(EntityManagerFactory emf, PassModel model, Instant now, ZoneId zone, Duration passWindow,
      ScopeWindowing scopes, Scope scope) {
    this.model = model;
    this.now = now;
    this.zone = zone;
    this.passWindow = passWindow;
    this.scopes = scopes;
    this.scope = scope;
    this.ttl = new AttributeReader(emf, model.entityType(), model.name(), model.ttlAttribute());
    this.scopeAttribute = scopes == null ? null
        : new AttributeReader(emf, model.entityType(), model.name(), model.scopeAttribute().orElseThrow());
  }

  public String passName() {
    return model.name();
  }

  public Instant now() {
    return now;
  }

  public Scope scope() {
    return scope;
  }

  /** What a sweep at {@link #now()} would do with {@code instance}'s row, by the window of its own scope. */
  public Expiry expiryOf(Object instance) {
    Object date = ttl.read(instance);
    Scope own = scopes == null ? Scope.all() : Scope.of(scopeAttribute.read(instance));
    Duration window = scopes == null ? passWindow : scopes.windowOf(own);
    if (ScopeWindows.NEVER.equals(window) || !expiredAt(window, own).dateExpired(date)) {
      return Expiry.LIVE;
    }
    return model.condition().isPresent() ? Expiry.EXPIRED_IF_CONDITION_HOLDS : Expiry.EXPIRED;
  }

  private ExpiredRows expiredAt(Duration window, Scope of) {
    return model.expiredAt(Cutoff.of(now.minus(window), zone), of);
  }

  /**
   * The shares of the expired rows among the rows the queries are of, one per window, none for a window of never.
   *
   * @throws IllegalStateException for all the rows of a pass whose scopes take windows from code: those are known
   *     scope by scope only
   */
  private List<Part> parts() {
    List<Part> parts = new ArrayList<>();
    if (scopes == null) {
      addPart(parts, passWindow, Scope.all(), List.of());
      return parts;
    }
    if (!scope.isAll()) {
      addPart(parts, scopes.windowOf(scope), scope, List.of());
      return parts;
    }
    if (scopes.hasCodeWindows()) {
      throw new IllegalStateException("Pass " + model.name() + " takes the windows of its scopes from code"
          + " (ScopeWindows), which answers scope by scope: ask for the live rows of one scope,"
          + " RetentionRuntime.policy(" + model.entityType().getSimpleName() + ".class, scopeValue)");
    }
    List<Object> configured = scopes.configuredValues();
    for (Object value : configured) {
      addPart(parts, scopes.windowOf(Scope.of(value)), Scope.of(value), List.of());
    }
    addPart(parts, passWindow, Scope.all(), configured);
    return parts;
  }

  private void addPart(List<Part> parts, Duration window, Scope of, List<Object> except) {
    if (!ScopeWindows.NEVER.equals(window)) {
      parts.add(new Part(expiredAt(window, of), except));
    }
  }

  /** The live rows in JPQL over {@code alias}, with the parameters {@link #liveParameters} gives. */
  public String liveJpql(String alias) {
    String prefix = prefix(alias);
    List<Part> parts = parts();
    List<String> terms = new ArrayList<>();
    restriction(alias, prefix).ifPresent(terms::add);
    if (!parts.isEmpty()) {
      List<String> expired = new ArrayList<>();
      for (int index = 0; index < parts.size(); index++) {
        Part part = parts.get(index);
        String partPrefix = prefix + index + "_";
        String text = part.rows().jpql(alias, partPrefix);
        if (!part.except().isEmpty()) {
          String scopePath = alias + "." + model.scopeAttribute().orElseThrow();
          text += " and (" + scopePath + " is null or " + scopePath + " not in :" + partPrefix + "except)";
        }
        expired.add("(" + text + ")");
      }
      terms.add("case when " + String.join(" or ", expired) + " then 0 else 1 end = 1");
    }
    return terms.isEmpty() ? "1 = 1" : "(" + String.join(") and (", terms) + ")";
  }

  /** The parameters {@link #liveJpql} names, by name: each starts with {@code retention_<alias>_}. */
  public Map<String, Object> liveParameters(String alias) {
    String prefix = prefix(alias);
    Map<String, Object> parameters = new LinkedHashMap<>();
    scope.value().ifPresent(value -> parameters.put(prefix + "scope", value));
    List<Part> parts = parts();
    for (int index = 0; index < parts.size(); index++) {
      Part part = parts.get(index);
      String partPrefix = prefix + index + "_";
      parameters.putAll(part.rows().parameters(partPrefix));
      if (!part.except().isEmpty()) {
        parameters.put(partPrefix + "except", part.except());
      }
    }
    return parameters;
  }

  private java.util.Optional<String> restriction(String alias, String prefix) {
    if (scope.isAll()) {
      return java.util.Optional.empty();
    }
    String scopePath = alias + "." + model.scopeAttribute().orElseThrow();
    return java.util.Optional.of(scope.value().isPresent() ? scopePath + " = :" + prefix + "scope"
        : scopePath + " is null");
  }

  private String prefix(String alias) {
    if (alias == null || !ALIAS.matcher(alias).matches()) {
      throw new IllegalArgumentException("Not a JPQL identification variable: \"" + alias + "\"");
    }
    return "retention_" + alias + "_";
  }

  /**
   * The live rows as a Criteria predicate over {@code root}, a path to the pass's entity.
   *
   * @throws IllegalStateException for a pass with a condition (JPQL, which Criteria cannot carry), or all the rows of
   *     a pass whose scopes take windows from code
   */
  public Predicate live(CriteriaBuilder cb, Path<?> root) {
    Objects.requireNonNull(cb, "cb");
    Objects.requireNonNull(root, "root");
    List<Predicate> terms = new ArrayList<>();
    if (!scope.isAll()) {
      Path<Object> scopePath = root.get(model.scopeAttribute().orElseThrow());
      terms.add(scope.value().isPresent() ? cb.equal(scopePath, scope.value().get()) : cb.isNull(scopePath));
    }
    List<Part> parts = parts();
    if (!parts.isEmpty()) {
      List<Predicate> expired = new ArrayList<>();
      for (Part part : parts) {
        Predicate rows = part.rows().criteria(cb, root);
        if (!part.except().isEmpty()) {
          Path<Object> scopePath = root.get(model.scopeAttribute().orElseThrow());
          rows = cb.and(rows, cb.or(cb.isNull(scopePath), cb.not(scopePath.in(part.except()))));
        }
        expired.add(rows);
      }
      Predicate anyExpired = expired.size() == 1 ? expired.get(0) : cb.or(expired.toArray(Predicate[]::new));
      terms.add(cb.equal(cb.<Integer>selectCase().when(anyExpired, 0).otherwise(1), 1));
    }
    return cb.and(terms.toArray(Predicate[]::new));
  }
}
