package dev.retention.runtime.internal.pass;

import dev.retention.runtime.generated.Cutoff;
import jakarta.persistence.Query;
import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.Path;
import jakarta.persistence.criteria.Predicate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.Temporal;
import java.util.Calendar;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Which rows of a pass may go in one batch: the one predicate every statement shape applies, at its selection and
 * again at its delete (or by holding a lock on every row it read). A row is expired when its {@code @Ttl} attribute is
 * at or before the cutoff (a null attribute never is), the pass's condition holds, and it belongs to the scopes swept
 * (a {@link ScopeGroup}: every row, one scope, or several scopes that share the cutoff's window).
 *
 * <p>In JPQL, over the entity named {@code e}, with the parameters {@code :cutoff} and, for one scope's value,
 * {@code :scope}, or for a group's values, {@code :scopes}:
 *
 * <pre>{@code
 * e.ttl <= :cutoff and (condition) and e.scopeAttribute = :scope
 * e.ttl <= :cutoff and (condition) and e.scopeAttribute in :scopes
 * }</pre>
 *
 * <p>A pass over epoch milliseconds has a floor as well, {@code e.ttl >= :plausibleFrom}: a value before 1973 is
 * implausible for the unit (epoch seconds declared as milliseconds read as 1970), so its row is kept, never taken as
 * expired; the sweep counts such rows and says why (see {@code EpochPlausibility}). With {@code epoch-check=false} the
 * floor is the type's least value, which every row passes.
 *
 * <p>A native statement renders the same model in SQL and binds the same values; it may do so only for a predicate
 * without a condition, which is JPQL (see {@link #hasCondition()}). The application's own queries of live rows
 * ({@code RetentionPolicy}) render it too: over an alias of theirs, with parameter names of their own
 * ({@link #jpql(String, String)}), as a Criteria predicate ({@link #criteria}), and in Java over one row's values
 * ({@link #dateExpired}, {@link #inScope}), each comparing as the database compares what the statements bind.
 */
public final class ExpiredRows {

  private final PassModel pass;
  private final Cutoff cutoff;
  private final Object cutoffValue;
  private final ScopeGroup scopes;
  /** The least value a row may have and be expired, of the cutoff's type; null for a pass without a floor. */
  private final @Nullable Object plausibleFrom;

  ExpiredRows(PassModel pass, Cutoff cutoff, Object cutoffValue, ScopeGroup scopes, @Nullable Object plausibleFrom) {
    this.pass = pass;
    this.cutoff = cutoff;
    this.cutoffValue = cutoffValue;
    this.scopes = scopes;
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

  /** The scopes whose rows this predicate covers. */
  public ScopeGroup scopes() {
    return scopes;
  }

  /** Whether the pass's condition is part of the predicate: then only JPQL can state it. */
  public boolean hasCondition() {
    return pass.condition().isPresent();
  }

  /** The predicate in JPQL, over {@code e}. */
  public String jpql() {
    return jpql("e", "");
  }

  /**
   * The predicate in JPQL over {@code alias}, its parameters named {@code prefix + "cutoff"}, {@code prefix +
   * "plausibleFrom"} and {@code prefix + "scope"} (or {@code prefix + "scopes"} for a group): the condition's {@code e}
   * becomes the alias.
   */
  public String jpql(String alias, String prefix) {
    StringBuilder where = new StringBuilder(alias).append('.').append(pass.ttlAttribute())
        .append(" <= :").append(prefix).append("cutoff");
    if (plausibleFrom != null) {
      where.append(" and ").append(alias).append('.').append(pass.ttlAttribute()).append(" >= :").append(prefix)
          .append("plausibleFrom");
    }
    pass.condition().ifPresent(condition -> where.append(" and (").append(onAlias(condition, alias)).append(')'));
    if (!scopes.isAll()) {
      where.append(" and ").append(alias).append('.').append(pass.scopeAttribute().orElseThrow())
          .append(scopes.withoutValue() ? " is null" : scopes.size() == 1 ? " = :" + prefix + "scope"
              : " in :" + prefix + "scopes");
    }
    return where.toString();
  }

  /** Binds what {@link #jpql()} names: the cutoff, the floor where there is one, and the scopes' values if any. */
  public <Q extends Query> Q bind(Q query) {
    parameters("").forEach(query::setParameter);
    return query;
  }

  /**
   * The floor a native statement binds with {@code ttl >= ?}, for a pass whose predicate has one
   * ({@link PassModel#hasFloor()}); empty otherwise.
   */
  public Optional<Object> plausibleFrom() {
    return Optional.ofNullable(plausibleFrom);
  }

  /** What {@link #jpql(String, String)} names, by name. */
  public Map<String, Object> parameters(String prefix) {
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put(prefix + "cutoff", cutoffValue);
    if (plausibleFrom != null) {
      parameters.put(prefix + "plausibleFrom", plausibleFrom);
    }
    if (scopes.size() == 1 && !scopes.withoutValue()) {
      parameters.put(prefix + "scope", scopes.values().get(0));
    } else if (scopes.size() > 1) {
      parameters.put(prefix + "scopes", scopes.values());
    }
    return parameters;
  }

  /**
   * The predicate as a Criteria predicate over {@code e}, for a pass without a condition: a condition is JPQL text,
   * which no Criteria predicate can carry.
   *
   * @throws IllegalStateException for a pass with a condition, naming it
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public Predicate criteria(CriteriaBuilder cb, Path<?> e) {
    if (hasCondition()) {
      throw new IllegalStateException("Pass " + pass.name() + ": its condition (@Ttl(when = \""
          + pass.condition().get() + "\")) is JPQL, which a Criteria predicate cannot carry; use the JPQL form");
    }
    Path ttl = e.get(pass.ttlAttribute());
    // The value, not cb.literal: a provider binds a value as the path's type (through its converter or UserType), and
    // may render a literal by the value's own Java type, which compares otherwise.
    Predicate expired = cb.lessThanOrEqualTo(ttl, (Comparable) cutoffValue);
    if (plausibleFrom != null) {
      expired = cb.and(expired, cb.greaterThanOrEqualTo(ttl, (Comparable) plausibleFrom));
    }
    if (scopes.isAll()) {
      return expired;
    }
    Path<Object> scopePath = e.get(pass.scopeAttribute().orElseThrow());
    return cb.and(expired, scopes.withoutValue() ? cb.isNull(scopePath)
        : scopes.size() == 1 ? cb.equal(scopePath, scopes.values().get(0)) : scopePath.in(scopes.values()));
  }

  /**
   * Whether a row whose {@code @Ttl} attribute holds {@code ttlValue} is at or before the cutoff, compared as the
   * database compares the stored value with {@link #cutoffValue()}: an instant by its instant; a zone-less value by its
   * wall-clock time (a {@code Date} as its wall-clock time in the JVM's zone, a {@code Calendar} as its own, as they
   * are stored), which is what makes the cutoff's lowering near a transition hold here too; a day by its day; an epoch
   * number by its number. Null never is.
   */
  public boolean dateExpired(Object ttlValue) {
    if (ttlValue == null) {
      return false;
    }
    if (plausibleFrom != null && ((Number) ttlValue).longValue() < ((Number) plausibleFrom).longValue()) {
      return false; // below the floor of an epoch-milliseconds pass: set aside, never expired
    }
    return atOrBefore(ttlValue, cutoffValue, pass.name());
  }

  /** Whether a row whose scope attribute holds {@code scopeValue} belongs to this predicate's scopes. */
  public boolean inScope(Object scopeValue) {
    return scopes.contains(scopeValue);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  static boolean atOrBefore(Object value, Object cutoff, String passName) {
    if (value instanceof Number number && cutoff instanceof Number bound) {
      return number.longValue() <= bound.longValue();
    }
    if (value instanceof OffsetDateTime time && cutoff instanceof OffsetDateTime bound) {
      return !time.toInstant().isAfter(bound.toInstant());
    }
    if (value instanceof ZonedDateTime time && cutoff instanceof ZonedDateTime bound) {
      return !time.toInstant().isAfter(bound.toInstant());
    }
    if (value instanceof Temporal && value instanceof Comparable comparable && value.getClass() == cutoff.getClass()) {
      return comparable.compareTo(cutoff) <= 0; // Instant, LocalDateTime, LocalDate
    }
    if (cutoff instanceof java.sql.Date day && value instanceof Date date) {
      return !wallClockOf(date).toLocalDate().isAfter(day.toLocalDate());
    }
    if (value instanceof Date date && cutoff instanceof Date bound) {
      return !wallClockOf(date).isAfter(wallClockOf(bound));
    }
    if (value instanceof Calendar calendar && cutoff instanceof Calendar bound) {
      return !wallClockOf(calendar).isAfter(wallClockOf(bound));
    }
    throw new IllegalArgumentException("Pass " + passName + ": a @Ttl attribute value " + value + " ("
        + value.getClass().getName() + ") cannot be compared with its cutoff " + cutoff + " ("
        + cutoff.getClass().getName() + ")");
  }

  /** A date's wall-clock time as a driver stores it without {@code hibernate.jdbc.time_zone}: in the JVM's zone. */
  private static LocalDateTime wallClockOf(Date date) {
    if (date instanceof java.sql.Date day) {
      return day.toLocalDate().atStartOfDay();
    }
    java.time.Instant instant = date instanceof java.sql.Timestamp timestamp ? timestamp.toInstant()
        : java.time.Instant.ofEpochMilli(date.getTime());
    return LocalDateTime.ofInstant(instant, ZoneId.systemDefault());
  }

  private static LocalDateTime wallClockOf(Calendar calendar) {
    return LocalDateTime.ofInstant(calendar.toInstant(), calendar.getTimeZone().toZoneId());
  }

  /** A string literal of JPQL, in single quotes with {@code ''} for a quote inside. */
  private static final Pattern LITERAL_OR_ALIAS = Pattern.compile("'(?:[^']|'')*'|(?<![\\w.$])e(?![\\w$])");

  /** {@code condition}, written over {@code e}, over {@code alias} instead; string literals untouched. */
  static String onAlias(String condition, String alias) {
    if (alias.equals("e")) {
      return condition;
    }
    Matcher matcher = LITERAL_OR_ALIAS.matcher(condition);
    StringBuilder out = new StringBuilder();
    while (matcher.find()) {
      matcher.appendReplacement(out, Matcher.quoteReplacement(
          matcher.group().startsWith("'") ? matcher.group() : alias));
    }
    matcher.appendTail(out);
    return out.toString();
  }

  /** The value of the one scope this covers; empty for all scopes, for the rows without one, and for a group. */
  public Optional<Object> scopeValue() {
    return scopes.size() == 1 && !scopes.withoutValue() ? Optional.of(scopes.values().get(0)) : Optional.empty();
  }

  /**
   * The scope part of a native statement, {@code " and <column> = ?n"} ({@code in (?n, …)} for a group, {@code is
   * null} for the rows without a value; nothing for all rows), its values added to {@code binds}, whose size numbers
   * the labels: the native shapes render the scopes as {@link #jpql()} does.
   */
  public String nativeScope(String column, List<Object> binds) {
    if (scopes.isAll()) {
      return "";
    }
    if (scopes.withoutValue()) {
      return " and " + column + " is null";
    }
    StringBuilder labels = new StringBuilder();
    for (Object value : scopes.values()) {
      binds.add(value);
      labels.append(labels.length() == 0 ? "?" : ", ?").append(binds.size());
    }
    return " and " + column + (scopes.size() == 1 ? " = " + labels : " in (" + labels + ")");
  }

  /** The same predicate at another cutoff, for a scope whose window grew during its sweep. */
  public ExpiredRows at(Cutoff other) {
    return new ExpiredRows(pass, other, pass.pass().cutoffValue(other), scopes, plausibleFrom);
  }

  @Override
  public String toString() {
    return pass.name() + ": " + jpql() + " (cutoff " + cutoff.instant() + (scopes.isAll() ? "" : ", " + scopes) + ")";
  }
}
