package dev.retention.processor.validation;

import dev.retention.processor.reading.AnnotatedMember;
import dev.retention.processor.reading.Annotations;
import dev.retention.processor.reading.Hierarchy;
import dev.retention.processor.reading.ScopeMember;
import dev.retention.processor.reading.TtlMember;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;

/**
 * Whether a declared index leads with the {@code @Ttl} column, so that a sweep finds expired rows, oldest first,
 * without scanning the table; for an entity with a {@code @TtlScope} attribute, with the scope column and then the
 * {@code @Ttl} column, since its statements filter on one scope first. Only indexes declared in
 * {@code @Table(indexes = ...)} are visible here; an index created by a migration is not, which is why the warning can
 * be silenced.
 */
final class IndexCheck {

  private static final Pattern WHITESPACE = Pattern.compile("\\s+");
  private static final Pattern QUOTES_AND_UNDERSCORES = Pattern.compile("[\"`_\\[\\]]");

  private IndexCheck() {}

  /**
   * The warning for an entity whose declared indexes do not start with its {@code @Ttl} column (with its scope column
   * and then its {@code @Ttl} column, when it has a {@code @TtlScope} attribute), unless it is silenced on the entity
   * or on either attribute.
   */
  static Optional<Problem> warning(TypeElement entity, Hierarchy hierarchy, TtlMember member,
      Optional<ScopeMember> scope) {
    List<String> columns = new ArrayList<>();
    scope.map(IndexCheck::columnName).ifPresent(columns::add);
    columns.add(columnName(member));
    boolean suppressed = Diagnostics.suppressed(member.element(), Message.INDEX.tag())
        || scope.filter(it -> Diagnostics.suppressed(it.element(), Message.INDEX.tag())).isPresent();
    if (suppressed || covered(hierarchy, columns)) {
      return Optional.empty();
    }
    AnnotationMirror table = Annotations.find(entity, Annotations.TABLE).orElse(null);
    if (columns.size() == 1) {
      return Optional.of(Problem.on(entity, table, Message.INDEX, entity.getQualifiedName(), columns.get(0),
          columns.get(0)));
    }
    return Optional.of(Problem.on(entity, table, Message.INDEX_SCOPED, entity.getQualifiedName(), columns.get(0),
        columns.get(1), columns.get(0), columns.get(1)));
  }

  /** The column name of the attribute: {@code @Column(name)} if given, else the attribute's name. */
  static String columnName(AnnotatedMember member) {
    return Annotations.find(member.element(), Annotations.COLUMN)
        .map(column -> Annotations.stringValue(column, "name", ""))
        .filter(name -> !name.isEmpty())
        .orElseGet(member::attributeName);
  }

  /** Whether an {@code @Index} of a {@code @Table} in the hierarchy starts with {@code columns}, in that order. */
  static boolean covered(Hierarchy hierarchy, List<String> columns) {
    for (TypeElement type : hierarchy.classes()) {
      Optional<AnnotationMirror> table = Annotations.find(type, Annotations.TABLE);
      if (table.isEmpty()) {
        continue;
      }
      for (AnnotationValue index : Annotations.arrayValue(table.get(), "indexes")) {
        String columnList = Annotations.stringValue((AnnotationMirror) index.getValue(), "columnList", "");
        if (startsWith(columnList, columns)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean startsWith(String columnList, List<String> columns) {
    List<String> declared = columns(columnList);
    if (declared.size() < columns.size()) {
      return false;
    }
    for (int i = 0; i < columns.size(); i++) {
      if (!sameColumn(declared.get(i), columns.get(i))) {
        return false;
      }
    }
    return true;
  }

  /** The columns of an index's column list, each without its ASC or DESC. */
  static List<String> columns(String columnList) {
    List<String> columns = new ArrayList<>();
    for (String column : columnList.split(",")) {
      columns.add(WHITESPACE.split(column.trim(), 2)[0]);
    }
    return columns;
  }

  /**
   * Whether two spellings name the same column, ignoring case, quotes and underscores, so that {@code expires_at} (as a
   * snake-case naming strategy writes it) matches the attribute {@code expiresAt}.
   */
  static boolean sameColumn(String declared, String column) {
    return normalize(declared).equals(normalize(column));
  }

  private static String normalize(String name) {
    return QUOTES_AND_UNDERSCORES.matcher(name).replaceAll("").toLowerCase(Locale.ROOT);
  }
}
