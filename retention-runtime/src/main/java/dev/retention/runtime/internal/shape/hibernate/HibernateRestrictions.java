package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.Scope;
import dev.retention.runtime.generated.Cutoff;
import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.pass.PassModel;
import jakarta.persistence.EntityManagerFactory;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hibernate.Session;
import org.hibernate.SessionBuilder;
import org.hibernate.SessionFactory;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.resource.jdbc.spi.StatementInspector;

/**
 * What Hibernate restricts a pass's rows by, asked of Hibernate rather than read off a list of features: the pass's
 * portable selection ({@code select e.ttl from Entity e where <expired>}, the predicate every statement applies) is
 * written by Hibernate for a session opened as the runtime's are, and its SQL, as Hibernate would send it (through the
 * application's own {@code StatementInspector}, if any), is caught before it reaches the database, which it never does.
 * Every auto-enabled {@code @Filter}, forced discriminator, {@code @SQLRestriction}, {@code @SoftDelete} marker, tenant
 * column, or whatever a later Hibernate adds, lands there. A native statement states the date, its floor and the
 * scope; it may stand in for Hibernate's only when the selection's conjuncts are exactly those, over one table.
 */
final class HibernateRestrictions {

  /** A scope value of each type a native statement compares, bound only so that Hibernate writes the selection. */
  private static final Map<Class<?>, Object> SAMPLE_SCOPES = Map.of(String.class, "", Long.class, 0L,
      Integer.class, 0, Short.class, (short) 0, UUID.class, new UUID(0, 0));

  /** A quoted literal of SQL, or an identifier qualified by a table alias. */
  private static final Pattern LITERAL = Pattern.compile("'(?:[^']|'')*'");

  private HibernateRestrictions() {}

  /**
   * What Hibernate's selection of {@code pass}'s rows restricts them by beyond what a native statement over one table
   * states: the {@code @Ttl} column against the cutoff (and the floor, for epoch milliseconds) and, where
   * {@code scopeColumn} is given, the scope column against the batch's scope. Empty when nothing else.
   *
   * @param ttlColumn the {@code @Ttl} column as Hibernate names it
   * @param scopeColumn the scope column the native statement compares; empty where it states no scope
   * @param skipped columns whose restrictions the native statement means to skip ({@code @SoftDelete}'s marker, for
   *     the purge that sees marked rows too)
   */
  static Optional<String> beyond(SessionFactoryImplementor factory, PassModel pass, String ttlColumn,
      Optional<String> scopeColumn, Set<String> skipped) {
    Optional<Object> sampleScope = Optional.empty();
    if (scopeColumn.isPresent()) {
      // JPA's metamodel, whose signatures every Hibernate version shares.
      EntityManagerFactory jpa = factory;
      Class<?> scopeType = jpa.getMetamodel().entity(pass.entityType())
          .getAttribute(pass.scopeAttribute().orElseThrow()).getJavaType();
      sampleScope = Optional.ofNullable(SAMPLE_SCOPES.get(boxed(scopeType)));
      if (sampleScope.isEmpty()) {
        return Optional.of("cannot ask Hibernate how it restricts the rows of a scope of type " + scopeType.getName());
      }
    }
    String sql;
    try {
      sql = selection(factory, pass, sampleScope, Optional.empty());
    } catch (RuntimeException unasked) {
      return Optional.of("cannot ask Hibernate how it restricts the pass's rows (" + unasked.getMessage() + ")");
    }
    return judge(sql, ttlColumn, pass.hasFloor(), scopeColumn, skipped);
  }

  /**
   * Why a look across tenants, which states the {@code @Ttl} column of {@code table} against the cutoff (and the floor,
   * for epoch milliseconds) and nothing else, might miss a row Hibernate's selection of the pass's rows takes in the
   * session of {@code tenant}: that selection must read that one table, and be a conjunction of which those are
   * conjuncts; whatever else it adds (the tenant column, a filter, a discriminator, a restriction) only narrows it, so
   * the look finds a superset. Empty when it does.
   *
   * @param tenant Hibernate's tenant identifier for the session; empty: the session the factory opens on this thread
   */
  static Optional<String> outsideLook(SessionFactoryImplementor factory, PassModel pass, String table,
      String ttlColumn, Optional<String> tenant) {
    String sql;
    try {
      sql = selection(factory, pass, Optional.empty(), tenant);
    } catch (RuntimeException unasked) {
      return Optional.of("cannot ask Hibernate how it restricts the pass's rows (" + unasked.getMessage() + ")");
    }
    return withinLook(sql, table, ttlColumn, pass.hasFloor());
  }

  /**
   * Why {@code sql}, Hibernate's selection, may take a row that a look stating only the {@code @Ttl} column of
   * {@code table} (and its floor) does not: it reads another source, or its condition is not a conjunction holding those
   * conjuncts. Empty when the look's rows are a superset of the selection's.
   */
  static Optional<String> withinLook(String sql, String table, String ttlColumn, boolean floor) {
    String text = sql.trim().replaceAll("\\s+", " ");
    int from = topLevel(text, " from ", 0);
    if (from < 0) {
      return Optional.of("Hibernate's selection of its rows is not one Retention can read (" + text + ")");
    }
    int where = topLevel(text, " where ", from);
    String source = text.substring(from + " from ".length(), where < 0 ? text.length() : where).trim();
    String[] read = source.split("\\s+");
    if (read.length != 2 || !read[0].equalsIgnoreCase(table)) {
      return Optional.of("Hibernate reads its rows from " + source + ", not the table " + table + " alone");
    }
    String alias = read[1];
    List<String> expected = new ArrayList<>();
    expected.add(normal(alias + "." + ttlColumn + "<=?"));
    if (floor) {
      expected.add(normal(alias + "." + ttlColumn + ">=?"));
    }
    List<String> conjuncts = where < 0 ? List.of()
        : conjunction(condition(text.substring(where + " where ".length())));
    conjuncts.forEach(conjunct -> expected.remove(normal(conjunct)));
    return expected.isEmpty() ? Optional.empty()
        : Optional.of("Hibernate's selection of its rows is not within `" + String.join(" and ", expected)
            + "`, which the look states (" + text + ")");
  }

  /**
   * The conjuncts of {@code condition} that hold whenever it does: itself where it is no conjunction (a disjunction at
   * its top level binds looser than its "and"s, so it is one conjunct, never split), else those of each part.
   */
  private static List<String> conjunction(String condition) {
    String text = unwrapped(condition);
    if (topLevel(text, " or ", 0) >= 0 || topLevel(text, " and ", 0) < 0) {
      return List.of(text);
    }
    List<String> leaves = new ArrayList<>();
    int start = 0;
    int at;
    while ((at = topLevel(text, " and ", start)) >= 0) {
      leaves.addAll(conjunction(text.substring(start, at)));
      start = at + " and ".length();
    }
    leaves.addAll(conjunction(text.substring(start)));
    return leaves;
  }

  /**
   * The SQL Hibernate writes for the pass's portable selection, caught by a statement inspector of a session opened as
   * the runtime's are (the factory's filters enabled as in any session; of {@code tenant}, where given), before it
   * reaches a connection.
   */
  private static String selection(SessionFactoryImplementor factory, PassModel pass, Optional<Object> scope,
      Optional<String> tenant) {
    AtomicReference<String> sent = new AtomicReference<>();
    StatementInspector application = factory.getSessionFactoryOptions().getStatementInspector();
    StatementInspector catching = written -> {
      String inspected = application == null ? written : application.inspect(written);
      sent.compareAndSet(null, inspected == null ? written : inspected);
      throw new Caught();
    };
    ExpiredRows rows = pass.expiredAt(Cutoff.of(Instant.EPOCH, ZoneOffset.UTC), scope.map(Scope::of)
        .orElse(Scope.all()));
    // Through SessionFactory's own withOptions(), whose signature Hibernate 6.6 and 7 share.
    SessionFactory sessions = factory;
    SessionBuilder builder = sessions.withOptions().statementInspector(catching);
    if (tenant.isPresent()) {
      builder = builder.tenantIdentifier((Object) tenant.get());
    }
    try (Session session = builder.openSession()) {
      rows.bind(session.createQuery("select e." + pass.ttlAttribute() + " from " + pass.entityName() + " e where "
          + rows.jpql())).getResultList();
    } catch (RuntimeException e) {
      if (sent.get() == null) {
        throw e;
      }
      // The selection was caught before it was sent, as meant: the exception only carried it out.
      return sent.get();
    }
    if (sent.get() == null) {
      throw new IllegalStateException("Hibernate ran the selection of pass " + pass.name()
          + " without showing it to a statement inspector");
    }
    return sent.get();
  }

  /** Thrown by the inspector once it has the selection's SQL, so that nothing reaches the database. */
  private static final class Caught extends RuntimeException {
    Caught() {
      super("the selection's SQL was caught before it was sent", null, false, false);
    }
  }

  /**
   * What {@code sql}, Hibernate's selection, restricts its rows by beyond the conjuncts a native statement states, as a
   * clause the start line carries; empty when nothing. Anything that cannot be read as one table and a conjunction is
   * taken as a restriction.
   */
  static Optional<String> judge(String sql, String ttlColumn, boolean floor, Optional<String> scopeColumn,
      Set<String> skipped) {
    String text = sql.trim().replaceAll("\\s+", " ");
    int from = topLevel(text, " from ", 0);
    int where = from < 0 ? -1 : topLevel(text, " where ", from);
    if (from < 0) {
      return Optional.of("Hibernate's selection of its rows is not one Retention can read (" + text + ")");
    }
    String source = text.substring(from + " from ".length(), where < 0 ? text.length() : where).trim();
    String[] table = source.split("\\s+");
    if (table.length != 2) {
      return Optional.of("Hibernate reads its rows from " + source + ", not one table");
    }
    String alias = table[1];
    List<String> expected = new ArrayList<>();
    expected.add(normal(alias + "." + ttlColumn + "<=?"));
    if (floor) {
      expected.add(normal(alias + "." + ttlColumn + ">=?"));
    }
    scopeColumn.ifPresent(column -> expected.add(normal(alias + "." + column + "=?")));
    List<String> extra = new ArrayList<>();
    List<String> conjuncts = where < 0 ? List.of() : conjuncts(condition(text.substring(where + " where ".length())));
    for (String conjunct : conjuncts) {
      if (expected.remove(normal(conjunct))) {
        continue;
      }
      if (!skipped.isEmpty() && readsOnly(conjunct, alias, skipped)) {
        continue;
      }
      extra.add(conjunct.replace(alias + ".", ""));
    }
    if (!extra.isEmpty()) {
      return Optional.of("Hibernate restricts its rows by " + String.join(" and ", extra.stream()
          .map(each -> "`" + each + "`").toList()) + " too (a filter, a discriminator, a restriction or a tenant"
          + " column, which its statements add and a native statement would skip)");
    }
    if (!expected.isEmpty()) {
      return Optional.of("Hibernate's selection of its rows does not compare " + String.join(" and ", expected)
          + " as the native statement would (" + text + ")");
    }
    return Optional.empty();
  }

  /** The where clause's condition, without what may follow it (an order, a limit, a lock). */
  private static String condition(String afterWhere) {
    int end = afterWhere.length();
    for (String clause : List.of(" order by ", " group by ", " fetch ", " limit ", " offset ", " for ")) {
      int at = topLevel(afterWhere, clause, 0);
      if (at >= 0 && at < end) {
        end = at;
      }
    }
    return afterWhere.substring(0, end);
  }

  /** The top-level conjuncts of a condition, each without the parentheses around it. */
  private static List<String> conjuncts(String condition) {
    List<String> parts = new ArrayList<>();
    int start = 0;
    int at;
    while ((at = topLevel(condition, " and ", start)) >= 0) {
      parts.add(unwrapped(condition.substring(start, at)));
      start = at + " and ".length();
    }
    parts.add(unwrapped(condition.substring(start)));
    List<String> flat = new ArrayList<>();
    for (String part : parts) {
      // A parenthesised conjunction is a conjunction too (Hibernate wraps a filter's condition so): a part has an
      // "and" outside parentheses only once unwrapped, so each call splits a shorter text.
      flat.addAll(topLevel(part, " and ", 0) < 0 ? List.of(part) : conjuncts(part));
    }
    return flat;
  }

  /** {@code part} trimmed, without parentheses that enclose all of it. */
  private static String unwrapped(String part) {
    String text = part.trim();
    while (text.startsWith("(") && text.endsWith(")") && closing(text, 0) == text.length() - 1) {
      text = text.substring(1, text.length() - 1).trim();
    }
    return text;
  }

  /** Where the parenthesis opened at {@code open} closes, outside quotes; -1 if it does not. */
  private static int closing(String text, int open) {
    int depth = 0;
    boolean quoted = false;
    for (int i = open; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\'') {
        quoted = !quoted;
      } else if (!quoted && c == '(') {
        depth++;
      } else if (!quoted && c == ')' && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  /** The first place from {@code start} where {@code word} stands outside parentheses and quotes; -1 if none. */
  private static int topLevel(String text, String word, int start) {
    int depth = 0;
    boolean quoted = false;
    String lower = text.toLowerCase(Locale.ROOT);
    for (int i = start; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\'') {
        quoted = !quoted;
      } else if (!quoted && c == '(') {
        depth++;
      } else if (!quoted && c == ')') {
        depth--;
      } else if (!quoted && depth == 0 && lower.startsWith(word, i)) {
        return i;
      }
    }
    return -1;
  }

  /** A conjunct compared as written, whatever its spaces and case. */
  private static String normal(String conjunct) {
    return conjunct.replaceAll("\\s+", "").toLowerCase(Locale.ROOT);
  }

  /** Whether every column {@code conjunct} names over {@code alias} is one of {@code columns}, and it names one. */
  private static boolean readsOnly(String conjunct, String alias, Set<String> columns) {
    String code = LITERAL.matcher(conjunct).replaceAll("''");
    Matcher column = Pattern.compile("(?<![\\w$.])" + Pattern.quote(alias) + "\\.([\\w$]+|\"[^\"]+\"|`[^`]+`)")
        .matcher(code);
    boolean any = false;
    while (column.find()) {
      if (columns.stream().noneMatch(name -> name.equalsIgnoreCase(column.group(1)))) {
        return false;
      }
      any = true;
    }
    // A column named without the alias would be another table's, or unknown: not the marker alone.
    return any && !code.replaceAll("(?<![\\w$.])" + Pattern.quote(alias) + "\\.([\\w$]+|\"[^\"]+\"|`[^`]+`)", "")
        .matches("(?s).*\\b[a-z_][\\w$]*\\.[\\w$]+.*");
  }

  private static Class<?> boxed(Class<?> type) {
    if (type == long.class) {
      return Long.class;
    }
    if (type == int.class) {
      return Integer.class;
    }
    return type == short.class ? Short.class : type;
  }
}
