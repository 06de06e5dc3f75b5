package dev.retention.runtime.internal.shape.hibernate;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.Calendar;
import java.util.Date;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.metamodel.mapping.BasicValuedModelPart;
import org.hibernate.metamodel.mapping.JdbcMapping;
import org.hibernate.metamodel.mapping.ModelPart;
import org.hibernate.persister.entity.AbstractEntityPersister;
import org.hibernate.type.BasicType;
import org.hibernate.type.CustomType;

/**
 * The allow-list of a native statement: an attribute it may compare with a bound value in SQL, because the column holds
 * exactly what binding that value stores. Native SQL binds a value by its Java type alone, as Hibernate binds that type
 * by default; it knows nothing of how the attribute's mapping transforms values on their way to the column. So an
 * attribute qualifies only when its mapping is the default one for a standard type: a basic column, not a formula, no
 * {@code @ColumnTransformer}, no {@code AttributeConverter}, no {@code UserType}, no Java or JDBC type of its own
 * ({@code @JavaType}, {@code @JdbcType}, a {@code @JdbcTypeCode} or {@code @Temporal} that changes the column's type).
 * Anything else, the portable JPQL compares, through the mapping.
 */
final class NativeColumns {

  /** The types a {@code @Ttl} attribute may have, dates and epoch numbers, boxed. */
  static final Set<Class<?>> TTL_TYPES = Set.of(Instant.class, OffsetDateTime.class, ZonedDateTime.class,
      LocalDateTime.class, LocalDate.class, Date.class, Timestamp.class, java.sql.Date.class, Calendar.class,
      Long.class, Integer.class);

  /** The types a {@code @TtlScope} attribute may have, boxed. */
  static final Set<Class<?>> SCOPE_TYPES = Set.of(String.class, Long.class, Integer.class, Short.class, UUID.class);

  private NativeColumns() {}

  /**
   * The column of {@code attribute}, or why a native statement may not compare it with a bound value.
   *
   * @param role what the attribute is to the pass, for the reason: "@Ttl attribute", "@TtlScope attribute"
   * @param allowed the Java types allowed in that role
   */
  static Column of(SessionFactoryImplementor factory, AbstractEntityPersister persister, String attribute,
      String role, Set<Class<?>> allowed) {
    return check(factory, persister.findAttributeMapping(attribute), "the " + role + " " + attribute, allowed);
  }

  /**
   * As {@link #of}, for a part of the mapping found otherwise (a key's attribute, which {@code findAttributeMapping}
   * does not find): its column, or why a native statement may not bind a value for it.
   *
   * @param named the part as the reason names it: "the key attribute id.region"
   */
  static Column check(SessionFactoryImplementor factory, ModelPart mapping, String named, Set<Class<?>> allowed) {
    if (!(mapping instanceof BasicValuedModelPart basic) || mapping.getJdbcTypeCount() != 1) {
      return Column.refused(named + " is not a single basic column");
    }
    if (basic.isFormula()) {
      return Column.refused(named + " is a formula");
    }
    if (hasTransformer(basic, factory)) {
      return Column.refused(named + " has a @ColumnTransformer (read " + basic.getCustomReadExpression() + ", write "
          + basic.getCustomWriteExpression() + "), which native SQL would not apply");
    }
    JdbcMapping jdbc = basic.getJdbcMapping();
    if (jdbc.getValueConverter() != null) {
      return Column.refused(named + " has an AttributeConverter, which native SQL would not apply to the cutoff");
    }
    if (jdbc instanceof CustomType<?>) {
      return Column.refused(named + " is stored through a UserType, which native SQL would not apply to the cutoff");
    }
    Class<?> javaType = boxed(jdbc.getJavaTypeDescriptor().getJavaTypeClass());
    if (!allowed.contains(javaType)) {
      return Column.refused(
          named + " is a " + javaType.getName() + ", which native SQL is not known to bind as stored");
    }
    BasicType<?> standard = factory.getTypeConfiguration().getBasicTypeForJavaType(javaType);
    if (standard == null || standard.getJavaTypeDescriptor().getClass() != jdbc.getJavaTypeDescriptor().getClass()) {
      return Column.refused(named + " has a Java type descriptor of its own, which native SQL would not apply");
    }
    if (standard.getJdbcType().getClass() != jdbc.getJdbcType().getClass()
        || standard.getJdbcType().getDefaultSqlTypeCode() != jdbc.getJdbcType().getDefaultSqlTypeCode()) {
      return Column.refused(named + " is stored as " + jdbc.getJdbcType().getFriendlyName() + ", where native SQL"
          + " binds a " + javaType.getSimpleName() + " as " + standard.getJdbcType().getFriendlyName());
    }
    return Column.allowed(basic.getSelectionExpression());
  }

  /**
   * Whether a {@code @ColumnTransformer} (or anything else) rewrites the column on its way in or out: Hibernate gives a
   * plain column as its read expression the column itself, qualified by the table alias (or none), and as its write
   * expression {@code ?}, as its JDBC type wraps it.
   */
  private static boolean hasTransformer(BasicValuedModelPart column, SessionFactoryImplementor factory) {
    String write = column.getCustomWriteExpression();
    String plainWrite = column.getJdbcMapping().getJdbcType()
        .wrapWriteExpression("?", factory.getJdbcServices().getDialect());
    String read = column.getCustomReadExpression();
    boolean plainRead = read == null
        || read.matches(QUALIFIER + java.util.regex.Pattern.quote(column.getSelectionExpression()));
    return !plainRead || write != null && !write.equals(plainWrite) && !write.trim().equals("?");
  }

  /**
   * How Hibernate's read template of a plain column qualifies it with the table it is read from: a placeholder for the
   * alias ({@code $PlaceHolder$} in Hibernate 6.6, another in 7), then a dot; a transformer's expression has more.
   */
  private static final String QUALIFIER = "[^\\s(),']*\\.";

  private static Class<?> boxed(Class<?> type) {
    if (type == long.class) {
      return Long.class;
    }
    if (type == int.class) {
      return Integer.class;
    }
    return type == short.class ? Short.class : type;
  }

  /**
   * A column a native statement may compare, or the reason it may not.
   *
   * @param name the column's name, as the statement writes it; null when refused
   * @param refusal why not; null when allowed
   */
  record Column(String name, String refusal) {

    static Column allowed(String name) {
      return new Column(name, null);
    }

    static Column refused(String refusal) {
      return new Column(null, refusal);
    }

    Optional<String> refused() {
      return Optional.ofNullable(refusal);
    }
  }
}
