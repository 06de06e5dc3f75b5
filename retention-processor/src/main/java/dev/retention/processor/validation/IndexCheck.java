package dev.retention.processor.validation;

import dev.retention.processor.reading.Annotations;
import dev.retention.processor.reading.Hierarchy;
import dev.retention.processor.reading.TtlMember;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;

/**
 * Whether a declared index leads with the {@code @Ttl} column, so that a sweep finds expired rows, oldest first, without
 * scanning the table. Only indexes declared in {@code @Table(indexes = ...)} are visible here; an index created by a
 * migration is not, which is why the warning can be silenced.
 */
final class IndexCheck {

  private static final Pattern WHITESPACE = Pattern.compile("\\s+");
  private static final Pattern QUOTES_AND_UNDERSCORES = Pattern.compile("[\"`_\\[\\]]");

  private IndexCheck() {}

  /** The warning for an entity whose {@code @Ttl} column leads no declared index, unless it is silenced. */
  static Optional<Problem> warning(TypeElement entity, Hierarchy hierarchy, TtlMember member) {
    String column = columnName(member);
    if (covered(hierarchy, column) || Diagnostics.suppressed(member.element(), Message.INDEX.tag())) {
      return Optional.empty();
    }
    AnnotationMirror table = Annotations.find(entity, Annotations.TABLE).orElse(null);
    return Optional.of(Problem.on(entity, table, Message.INDEX, entity.getQualifiedName(), column, column));
  }

  /** The column name of the attribute: {@code @Column(name)} if given, else the attribute's name. */
  static String columnName(TtlMember member) {
    return Annotations.find(member.element(), Annotations.COLUMN)
        .map(column -> Annotations.stringValue(column, "name", ""))
        .filter(name -> !name.isEmpty())
        .orElseGet(member::attributeName);
  }

  /** Whether an {@code @Index} of a {@code @Table} in the hierarchy has {@code column} as its first column. */
  static boolean covered(Hierarchy hierarchy, String column) {
    for (TypeElement type : hierarchy.classes()) {
      Optional<AnnotationMirror> table = Annotations.find(type, Annotations.TABLE);
      if (table.isEmpty()) {
        continue;
      }
      for (AnnotationValue index : Annotations.arrayValue(table.get(), "indexes")) {
        String columnList = Annotations.stringValue((AnnotationMirror) index.getValue(), "columnList", "");
        if (sameColumn(firstColumn(columnList), column)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The first column of an index's column list, without its ASC or DESC. */
  static String firstColumn(String columnList) {
    String first = columnList.split(",", 2)[0].trim();
    return WHITESPACE.split(first, 2)[0];
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
