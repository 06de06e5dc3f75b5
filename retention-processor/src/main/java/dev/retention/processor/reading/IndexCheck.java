package dev.retention.processor.reading;

import java.util.Locale;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;

/**
 * Whether a declared index leads with the {@code @Ttl} column, so that a sweep finds expired rows, oldest first, without
 * scanning the table. Only indexes declared in {@code @Table(indexes = ...)} are visible here; an index created by a
 * migration is not, which is why the warning can be silenced.
 */
final class IndexCheck {

  private IndexCheck() {}

  /** The column name of the attribute: {@code @Column(name)} if given, else the attribute's name. */
  static String columnName(TtlMember member, String attributeName) {
    return Annotations.find(member.element(), Annotations.COLUMN)
        .map(column -> Annotations.stringValue(column, "name", ""))
        .filter(name -> !name.isEmpty())
        .orElse(attributeName);
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
    return first.split("\\s+", 2)[0];
  }

  /**
   * Whether two spellings name the same column, ignoring case, quotes and underscores, so that {@code expires_at} (as a
   * snake-case naming strategy writes it) matches the attribute {@code expiresAt}.
   */
  static boolean sameColumn(String declared, String column) {
    return normalize(declared).equals(normalize(column));
  }

  private static String normalize(String name) {
    return name.replaceAll("[\"`_\\[\\]]", "").toLowerCase(Locale.ROOT);
  }
}
