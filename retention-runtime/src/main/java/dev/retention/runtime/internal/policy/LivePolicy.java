package dev.retention.runtime.internal.policy;

import dev.retention.runtime.Expiry;
import dev.retention.runtime.Scope;
import dev.retention.runtime.ScopeWindows;
import dev.retention.runtime.generated.Cutoff;
import dev.retention.runtime.internal.mapping.ProviderInstances;
import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.scope.ScopeFolding;
import dev.retention.runtime.internal.scope.ScopeWindowing;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Query;
import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.Path;
import jakarta.persistence.criteria.Predicate;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * One pass's rule at one instant, as the application reads it: which rows a sweep at {@code now} would delete, as the
 * union of the sweep's own predicates ({@link ExpiredRows}), one for each window the pass's rows have (the pass's, and
 * each scope's from configuration or code), and its negation, the live rows, in JPQL and Criteria; and the verdict of
 * one instance, judged by the window of its own scope.
 *
 * <p>It keeps the sweep's word where the sweep goes beyond a window a value: the pass's {@code epoch-check}; the
 * longest window among the spellings a collation takes as one; a text-stored attribute, which only the database can
 * compare as the sweep does, refused in Java. And it stays bounded: the scopes are named in the query only where their
 * window decides a row now, never one parameter per scope stored.
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
  private final boolean epochCheck;
  private final Readers readers;
  private final EntityManagerFactory emf;
  /**
   * What this policy's parameter names start with after {@code retention_<alias>_}: a number of its own, so that two
   * policies in one query (the live rows of two tenants, or'ed) never bind each other's names.
   */
  private final String instanceTag = "p" + INSTANCES.incrementAndGet() + "_";
  /** The shares of the expired rows, once worked out; null before. */
  private List<Part> parts;
  /** The window a sweep gives each text value judged so far, where spellings decide it. */
  private final Map<Object, Duration> sweptWindows = new ConcurrentHashMap<>();
  /** The predicate over every row at each window met while the shares are worked out. */
  private final Map<Duration, ExpiredRows> expiredByWindow = new HashMap<>();

  private static final AtomicLong INSTANCES = new AtomicLong();

  /**
   * How a pass's policies read an instance's {@code @Ttl} and scope attributes: found once per pass, in the provider's
   * metamodel, and shared by every policy of it.
   */
  public static final class Readers {

    private final AttributeReader ttl;
    private final AttributeReader scope;
    /** How the provider stores the {@code @Ttl} attribute where it stores it as text; empty otherwise. */
    private final Optional<String> ttlStoredAsText;

    /** The readers of {@code model}'s attributes; the scope attribute's only when {@code scoped}. */
    public Readers(EntityManagerFactory emf, PassModel model, boolean scoped) {
      this.ttl = new AttributeReader(emf, model.entityType(), model.name(), model.ttlAttribute());
      this.scope = scoped
          ? new AttributeReader(emf, model.entityType(), model.name(), model.scopeAttribute().orElseThrow()) : null;
      this.ttlStoredAsText = ProviderInstances.storedAsText(emf, model.entityType(), model.ttlAttribute());
    }
  }

  /**
   * @param readers how the pass's instances are read
   * @param passWindow the pass's window in force ({@code retention}, or the compiled one)
   * @param scopes the windows of the pass's scopes; null for a pass without a scope attribute
   * @param scope the rows the live queries are of: all, or one scope's (for a scoped pass only)
   * @param epochCheck whether epoch milliseconds before 1973 are kept as implausible ({@code epoch-check}), as the
   *     pass's sweeps keep them
   */
  public LivePolicy(EntityManagerFactory emf, PassModel model, Readers readers, Instant now, ZoneId zone,
      Duration passWindow, ScopeWindowing scopes, Scope scope, boolean epochCheck) {
    this.emf = emf;
    this.model = model;
    this.now = now;
    this.zone = zone;
    this.passWindow = passWindow;
    this.scopes = scopes;
    this.scope = scope;
    this.epochCheck = epochCheck;
    this.readers = readers;
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

  /**
   * What a sweep at {@link #now()} would do with {@code instance}'s row, by the window of its own scope (where the
   * database takes several stored spellings for its value, the longest of theirs, as the sweep).
   *
   * @throws IllegalStateException when the provider stores the {@code @Ttl} attribute as text: the sweep compares
   *     that text, which need not sort as the values do, so no verdict in Java can agree with it
   */
  public Expiry expiryOf(Object instance) {
    readers.ttlStoredAsText.ifPresent(column -> {
      throw new IllegalStateException("Pass " + model.name() + ": " + model.entityType().getSimpleName() + "."
          + model.ttlAttribute() + " is stored as text (" + column + ", through its converter), and the sweep compares"
          + " that text with the cutoff's, which need not sort as the values do; a verdict in Java could disagree with"
          + " the sweep, so expiryOf refuses it: ask the database with liveJpql");
    });
    Object date = readers.ttl.read(instance);
    Scope own = scopes == null ? Scope.all() : Scope.of(readers.scope.read(instance));
    Duration window = scopes == null ? passWindow : windowAsSwept(own);
    if (ScopeWindows.NEVER.equals(window) || !expiredAt(window, own).dateExpired(date)) {
      return Expiry.LIVE;
    }
    return model.condition().isPresent() ? Expiry.EXPIRED_IF_CONDITION_HOLDS : Expiry.EXPIRED;
  }

  /**
   * The window a sweep judges {@code of}'s rows by: its own, or, for a text value the database compares by a collation
   * that merges spellings, the longest among the spellings it stores for it, which a sweep reads too.
   */
  private Duration windowAsSwept(Scope of) {
    Duration own = scopes.windowOf(of);
    Optional<Object> value = of.value();
    if (value.isEmpty() || !(value.get() instanceof String) || model.scopeComparison().exact()
        || !scopes.anotherValueMayOutlast(own)) {
      return own;
    }
    // Once a value for this policy: a loop of verdicts over one tenant's rows reads its spellings once.
    return sweptWindows.computeIfAbsent(value.get(), text -> {
      Duration widest = own;
      for (Object spelling : read("reading the spellings stored for " + text,
          em -> spellingsOf(em, List.of(text)))) {
        widest = longer(widest, scopes.windowOf(Scope.of(spelling)));
      }
      return widest;
    });
  }

  private static Duration longer(Duration a, Duration b) {
    return a.compareTo(b) >= 0 ? a : b;
  }

  /** The predicate over every row at {@code window}, made once a window: thousands of scopes share a few windows. */
  private ExpiredRows expiredAt(Duration window) {
    return expiredByWindow.computeIfAbsent(window, w -> expiredAt(w, Scope.all()));
  }

  private ExpiredRows expiredAt(Duration window, Scope of) {
    return model.expiredAt(Cutoff.of(now.minus(window), zone), of, epochCheck);
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
      addPart(shares, windowAsSwept(scope), scope, List.of(), List.of());
      return shares;
    }
    if (scopes.configuredScopes() == 0 && !scopes.hasCodeWindows()) {
      addPart(shares, passWindow, Scope.all(), List.of(), List.of());
      return shares;
    }
    // The rows of the scopes whose windows differ from the pass's, judged as a sweep judges them, named by value only
    // where the difference decides a row: a scope with a shorter window only where it has rows expired under it, one
    // with a longer window only where it has rows the pass's window would take. The rest, the rows without a scope
    // among them, go by the pass's window, and no parameter names them: the query's size follows the scopes whose
    // window decides a row now, not the scopes stored.
    Map<Duration, List<Object>> byWindow = new TreeMap<>();
    List<Object> longer = new ArrayList<>();
    Duration shortest = scopes.shortestWindow();
    if (!ScopeWindows.NEVER.equals(shortest)) {
      for (StoredScope stored : storedScopes(shortest)) {
        if (stored.window().equals(passWindow)) {
          continue;
        }
        boolean outlasts = ScopeWindows.NEVER.equals(stored.window()) || !ScopeWindows.NEVER.equals(passWindow)
            && stored.window().compareTo(passWindow) > 0;
        if (outlasts && !ScopeWindows.NEVER.equals(passWindow) && stored.anyExpiredUnder(expiredAt(passWindow))) {
          longer.add(stored.value());
        }
        if (!ScopeWindows.NEVER.equals(stored.window())
            && stored.anyExpiredUnder(expiredAt(stored.window()))) {
          byWindow.computeIfAbsent(stored.window(), window -> new ArrayList<>()).add(stored.value());
        }
      }
    }
    byWindow.forEach((window, ofWindow) -> addPart(shares, window, Scope.all(), ofWindow, List.of()));
    addPart(shares, passWindow, Scope.all(), List.of(), longer);
    return shares;
  }

  private void addPart(List<Part> shares, Duration window, Scope of, List<Object> only, List<Object> except) {
    if (!ScopeWindows.NEVER.equals(window)) {
      shares.add(new Part(expiredAt(window, of), List.copyOf(only), List.copyOf(except)));
    }
  }

  /**
   * One scope as a sweep judges it: the value the database's grouping named (one of the spellings it takes as one),
   * the window a sweep gives its rows (the longest among the spellings stored for it), and its oldest row among those
   * expired at the shortest window any scope may have.
   */
  private record StoredScope(Object value, Duration window, Object oldest) {

    /** Whether a row of the scope is expired under {@code rows}' cutoff; also when it cannot be told in Java. */
    boolean anyExpiredUnder(ExpiredRows rows) {
      return expiredUnder(rows, oldest);
    }
  }

  /** Whether {@code date} is expired under {@code rows}' cutoff; also when it cannot be told in Java. */
  private static boolean expiredUnder(ExpiredRows rows, Object date) {
    try {
      return rows.dateExpired(date);
    } catch (IllegalArgumentException | ClassCastException cannotCompare) {
      return true; // naming the scope costs a parameter, never a wrong verdict
    }
  }

  /**
   * The scopes with rows expired at the {@code shortest} window any scope may have, each with the window a sweep
   * gives its rows. One grouped statement, which names no scope value, as the sweep's own first read: the database's
   * grouping names one spelling of those its collation takes as one. Where it compares text by such a collation, a
   * scope whose rows its window could decide has the spellings stored for it read (a second statement, naming those
   * scopes only), and goes by the longest of their windows, as a sweep's batches go.
   */
  private List<StoredScope> storedScopes(Duration shortest) {
    ExpiredRows atShortest = expiredAt(shortest, Scope.all());
    String attribute = "e." + model.scopeAttribute().orElseThrow();
    String jpql = "select " + attribute + ", min(e." + model.ttlAttribute() + ") from " + model.entityName()
        + " e where " + atShortest.jpql("e", "") + " and " + attribute + " is not null group by " + attribute;
    List<?> rows = read("reading the scopes with expired rows, to ask their windows", em -> {
      Query query = em.createQuery(jpql);
      atShortest.parameters("").forEach(query::setParameter);
      return query.getResultList();
    });
    boolean merging = !model.scopeComparison().exact();
    List<StoredScope> stored = new ArrayList<>(rows.size());
    List<StoredScope> decided = new ArrayList<>();
    for (Object row : rows) {
      Object[] columns = (Object[]) row;
      StoredScope scope = new StoredScope(columns[0], scopes.windowOf(Scope.of(columns[0])), columns[1]);
      if (merging && scope.value() instanceof String && decides(scope)) {
        decided.add(scope);
      } else {
        stored.add(scope);
      }
    }
    if (!decided.isEmpty()) {
      stored.addAll(widenedBySpellings(decided));
    }
    return stored;
  }

  /**
   * Whether {@code scope}'s window could decide one of its rows now: it has a row expired under the shorter of its
   * window and the pass's. A scope without one keeps every row under any window at least its own, so a longer window
   * among its spellings changes nothing.
   */
  private boolean decides(StoredScope scope) {
    Duration shorter = ScopeWindows.NEVER.equals(passWindow) ? scope.window()
        : ScopeWindows.NEVER.equals(scope.window()) ? passWindow
        : scope.window().compareTo(passWindow) <= 0 ? scope.window() : passWindow;
    return !ScopeWindows.NEVER.equals(shorter) && scope.anyExpiredUnder(expiredAt(shorter));
  }

  /**
   * {@code decided}, each by the longest window among the spellings the database stores for it: one read of every
   * spelling it matches for one of them (each beside a hash of its bytes where its {@code DISTINCT} would merge them),
   * told apart by {@link ScopeFolding}; where one fold holds several of them, the database is asked for each.
   */
  private List<StoredScope> widenedBySpellings(List<StoredScope> decided) {
    List<Object> values = decided.stream().map(StoredScope::value).toList();
    List<Object> stored = read("reading the spellings stored for the scopes with expired rows",
        em -> spellingsOf(em, values));
    Map<Object, List<Object>> spellingsByFold = new LinkedHashMap<>();
    for (Object spelling : stored) {
      spellingsByFold.computeIfAbsent(ScopeFolding.fold(spelling), f -> new ArrayList<>()).add(spelling);
    }
    Map<Object, Long> scopesByFold = new HashMap<>();
    decided.forEach(scope -> scopesByFold.merge(ScopeFolding.fold(scope.value()), 1L, Long::sum));
    List<StoredScope> widened = new ArrayList<>(decided.size());
    for (StoredScope scope : decided) {
      Object fold = ScopeFolding.fold(scope.value());
      List<Object> spellings = scopesByFold.get(fold) > 1
          ? read("reading the spellings stored for " + scope.value(), em -> spellingsOf(em, List.of(scope.value())))
          : spellingsByFold.getOrDefault(fold, List.of());
      Duration window = scope.window();
      for (Object spelling : spellings) {
        window = longer(window, scopes.windowOf(Scope.of(spelling)));
      }
      widened.add(new StoredScope(scope.value(), window, scope.oldest()));
    }
    return widened;
  }

  /** Every spelling stored that the database matches for one of {@code values}. */
  private List<Object> spellingsOf(EntityManager em, List<Object> values) {
    String attribute = "e." + model.scopeAttribute().orElseThrow();
    boolean hashed = model.scopeComparison().spellingsHashed();
    List<?> rows = em.createQuery("select distinct " + attribute + (hashed ? ", function('md5', " + attribute + ")"
        : "") + " from " + model.entityName() + " e where " + attribute + " in :values").setParameter("values", values)
        .getResultList();
    List<Object> spellings = new ArrayList<>(rows.size());
    for (Object row : rows) {
      spellings.add(hashed ? ((Object[]) row)[0] : row);
    }
    return spellings;
  }

  private <T> T read(String what, Function<EntityManager, T> work) {
    EntityManager em = emf.createEntityManager();
    try {
      return work.apply(em);
    } catch (RuntimeException e) {
      throw new IllegalStateException("Pass " + model.name() + ": " + what + " failed", e);
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
    // One expression, whole: "not " + it negates every term, and "or" joins it as one.
    return terms.isEmpty() ? "(1 = 1)" : "((" + String.join(") and (", terms) + "))";
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

  /**
   * The parameters {@link #liveJpql} names, by name: each starts with {@code retention_<alias>_}, then a number of this
   * policy's own, so that another policy's parameters in the same query keep their values.
   */
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
    return "retention_" + alias + "_" + instanceTag;
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
