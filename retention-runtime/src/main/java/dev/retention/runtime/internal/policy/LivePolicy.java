package dev.retention.runtime.internal.policy;

import dev.retention.runtime.Expiry;
import dev.retention.runtime.Scope;
import dev.retention.runtime.ScopeWindows;
import dev.retention.runtime.generated.Cutoff;
import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.scope.ScopeWindowing;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.Path;
import jakarta.persistence.criteria.Predicate;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * One pass's rule at one instant, as the application reads it: which rows a sweep at {@code now} would delete, as the
 * union of the sweep's own predicates ({@link ExpiredRows}), one for each window the pass's rows have (the pass's, and
 * each scope's from configuration or code), and its negation, the live rows, in JPQL and Criteria; and the verdict of
 * one instance, judged by the window of its own scope.
 *
 * <p>A row is live when {@code (expired by its window) and (condition)} is not true, in SQL's three values: a row for
 * which the predicate is unknown (a null date, a condition over a null) is live, as the sweep keeps it
 * ({@link #liveJpql} says how each form makes the negation exact).
 */
public final class LivePolicy {

  private static final Pattern ALIAS = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  /**
   * One window's share of the expired rows.
   *
   * @param rows the sweep's predicate at that window's cutoff
   * @param only the scope values whose rows have that window (rows of these scopes only); empty for no such bound
   * @param except scope values whose rows have windows of their own (rows of all scopes but these); empty for none
   */
  private record Part(ExpiredRows rows, List<Object> only, List<Object> except) {}

  private final PassModel model;
  private final Instant now;
  private final ZoneId zone;
  private final Duration passWindow;
  private final ScopeWindowing scopes;
  private final Scope scope;
  private final AttributeReader ttl;
  private final AttributeReader scopeAttribute;
  private final EntityManagerFactory emf;
  /** The shares of the expired rows, once worked out; null before. */
  private List<Part> parts;

  /**
   * How a pass's policies read an instance's {@code @Ttl} and scope attributes: found once per pass, in the provider's
   * metamodel, and shared by every policy of it.
   */
  public static final class Readers {

    private final AttributeReader ttl;
    private final AttributeReader scope;

    /** The readers of {@code model}'s attributes; the scope attribute's only when {@code scoped}. */
    public Readers(EntityManagerFactory emf, PassModel model, boolean scoped) {
      this.ttl = new AttributeReader(emf, model.entityType(), model.name(), model.ttlAttribute());
      this.scope = scoped
          ? new AttributeReader(emf, model.entityType(), model.name(), model.scopeAttribute().orElseThrow()) : null;
    }
  }

  /**
   * @param readers how the pass's instances are read
   * @param passWindow the pass's window in force ({@code retention}, or the compiled one)
   * @param scopes the windows of the pass's scopes; null for a pass without a scope attribute
   * @param scope the rows the live queries are of: all, or one scope's (for a scoped pass only)
   */
  public LivePolicy(EntityManagerFactory emf, PassModel model, Readers readers, Instant now, ZoneId zone,
      Duration passWindow, ScopeWindowing scopes, Scope scope) {
    this.emf = emf;
    this.model = model;
    this.now = now;
    this.zone = zone;
    this.passWindow = passWindow;
    this.scopes = scopes;
    this.scope = scope;
    this.ttl = readers.ttl;
    this.scopeAttribute = readers.scope;
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
   * The shares of the expired rows among the rows the queries are of, one per window, none for a window of never;
   * worked out once, so that a query's text and its parameters agree.
   *
   * @throws IllegalStateException when the windows given in code fail for a scope stored
   */
  private synchronized List<Part> parts() {
    if (parts == null) {
      parts = List.copyOf(partsNow());
    }
    return parts;
  }

  private List<Part> partsNow() {
    List<Part> shares = new ArrayList<>();
    if (scopes == null) {
      addPart(shares, passWindow, Scope.all(), List.of(), List.of());
      return shares;
    }
    if (!scope.isAll()) {
      addPart(shares, scopes.windowOf(scope), scope, List.of(), List.of());
      return shares;
    }
    // The values with a window of their own: configuration's, and, when code may answer for any value, every value
    // stored (code is asked value by value, as a sweep asks it for each scope it reaches). The rows of each window are
    // one share; the rest, and the rows without a scope, go by the pass's window.
    TreeSet<Object> values = new TreeSet<>(Comparator.comparing(String::valueOf));
    values.addAll(scopes.configuredValues());
    if (scopes.hasCodeWindows()) {
      values.addAll(storedScopeValues());
    }
    Map<Duration, List<Object>> byWindow = new LinkedHashMap<>();
    for (Object value : values) {
      byWindow.computeIfAbsent(scopes.windowOf(Scope.of(value)), window -> new ArrayList<>()).add(value);
    }
    byWindow.forEach((window, ofWindow) -> addPart(shares, window, Scope.all(), ofWindow, List.of()));
    addPart(shares, passWindow, Scope.all(), List.of(), List.copyOf(values));
    return shares;
  }

  private void addPart(List<Part> shares, Duration window, Scope of, List<Object> only, List<Object> except) {
    if (!ScopeWindows.NEVER.equals(window)) {
      shares.add(new Part(expiredAt(window, of), List.copyOf(only), except));
    }
  }

  /** The scope values stored, for windows from code: one statement, over the scope's index. */
  private List<Object> storedScopeValues() {
    String attribute = "e." + model.scopeAttribute().orElseThrow();
    EntityManager em = emf.createEntityManager();
    try {
      return em.createQuery("select distinct " + attribute + " from " + model.entityName() + " e where " + attribute
          + " is not null", Object.class).getResultList();
    } catch (RuntimeException e) {
      throw new IllegalStateException("Pass " + model.name() + ": reading the scope values stored, to ask the windows"
          + " given in code for each, failed", e);
    } finally {
      em.close();
    }
  }

  /**
   * The live rows in JPQL over {@code alias}, with the parameters {@link #liveParameters} gives. Without a condition,
   * {@code (ttl is null or not (expired))}, each share's scope compared only where the scope is not null, so that the
   * negation is two-valued. With one, the rows for which the predicate is true, the sweep's own rows, are excluded by
   * a subquery, {@code not exists (select x from Entity x where x = alias and (expired over x))}: a row for which the
   * condition is false or unknown is live, and the paths the condition follows (a to-one association) join inside the
   * subquery, never in the application's query.
   */
  public String liveJpql(String alias) {
    String prefix = prefix(alias);
    List<Part> parts = parts();
    List<String> terms = new ArrayList<>();
    restriction(alias, prefix).ifPresent(terms::add);
    if (!parts.isEmpty()) {
      if (model.condition().isEmpty()) {
        terms.add(alias + "." + model.ttlAttribute() + " is null or not (" + expiredJpql(parts, alias, prefix) + ")");
      } else {
        String row = "retention_" + alias;
        terms.add("not exists (select " + row + " from " + model.entityName() + " " + row + " where " + row + " = "
            + alias + " and (" + expiredJpql(parts, row, prefix) + "))");
      }
    }
    return terms.isEmpty() ? "1 = 1" : "(" + String.join(") and (", terms) + ")";
  }

  /** The expired rows of every share, over {@code alias}: each share's predicate, or'ed. */
  private String expiredJpql(List<Part> parts, String alias, String prefix) {
    List<String> expired = new ArrayList<>();
    String scopePath = alias + "." + model.scopeAttribute().orElse("");
    for (int index = 0; index < parts.size(); index++) {
      Part part = parts.get(index);
      String partPrefix = prefix + index + "_";
      StringBuilder text = new StringBuilder();
      if (part.rows().scopeValue().isPresent() || !part.only().isEmpty()) {
        text.append(scopePath).append(" is not null and "); // false, not unknown, for the rows without a scope
      }
      text.append(part.rows().jpql(alias, partPrefix));
      if (!part.only().isEmpty()) {
        text.append(" and ").append(scopePath).append(" in :").append(partPrefix).append("only");
      }
      if (!part.except().isEmpty()) {
        text.append(" and (").append(scopePath).append(" is null or ").append(scopePath).append(" not in :")
            .append(partPrefix).append("except)");
      }
      expired.add("(" + text + ")");
    }
    return String.join(" or ", expired);
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
      if (!part.only().isEmpty()) {
        parameters.put(partPrefix + "only", part.only());
      }
      if (!part.except().isEmpty()) {
        parameters.put(partPrefix + "except", part.except());
      }
    }
    return parameters;
  }

  private Optional<String> restriction(String alias, String prefix) {
    if (scope.isAll()) {
      return Optional.empty();
    }
    String scopePath = alias + "." + model.scopeAttribute().orElseThrow();
    return Optional.of(scope.value().isPresent() ? scopePath + " = :" + prefix + "scope"
        : scopePath + " is null");
  }

  private String prefix(String alias) {
    if (alias == null || !ALIAS.matcher(alias).matches()) {
      throw new IllegalArgumentException("Not a JPQL identification variable: \"" + alias + "\"");
    }
    return "retention_" + alias + "_";
  }

  /**
   * The live rows as a Criteria predicate over {@code root}, a path to the pass's entity: {@code ttl is null or not
   * (expired)}, as {@link #liveJpql} without a condition.
   *
   * @throws IllegalStateException for a pass with a condition (JPQL, which Criteria cannot carry)
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
        List<Predicate> share = new ArrayList<>();
        if (part.rows().scopeValue().isPresent() || !part.only().isEmpty()) {
          share.add(cb.isNotNull(root.get(model.scopeAttribute().orElseThrow())));
        }
        share.add(part.rows().criteria(cb, root));
        if (!part.only().isEmpty()) {
          share.add(root.get(model.scopeAttribute().orElseThrow()).in(part.only()));
        }
        if (!part.except().isEmpty()) {
          Path<Object> scopePath = root.get(model.scopeAttribute().orElseThrow());
          share.add(cb.or(cb.isNull(scopePath), cb.not(scopePath.in(part.except()))));
        }
        expired.add(cb.and(share.toArray(Predicate[]::new)));
      }
      terms.add(cb.or(cb.isNull(root.get(model.ttlAttribute())), cb.not(cb.or(expired.toArray(Predicate[]::new)))));
    }
    return cb.and(terms.toArray(Predicate[]::new));
  }
}
