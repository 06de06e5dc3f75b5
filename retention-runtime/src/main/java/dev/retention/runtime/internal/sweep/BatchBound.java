package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.RetentionPass;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.metamodel.Attribute;
import jakarta.persistence.metamodel.EmbeddableType;
import jakarta.persistence.metamodel.EntityType;
import jakarta.persistence.metamodel.ManagedType;
import jakarta.persistence.metamodel.Metamodel;
import jakarta.persistence.metamodel.Type;
import java.util.Optional;
import java.util.function.ToIntFunction;

/**
 * The most rows one batch may take, given what its statements spend per row. A batch that deletes by id binds every
 * id it lists ({@code where id in :ids}); an {@code @EmbeddedId} of k columns binds k parameters per row, and a
 * database refuses a statement past its limit (PostgreSQL's driver: 65,535), which would fail every batch. A key of
 * several columns is listed as row values, {@code (a, b) in ((?, ?), ...)}, which PostgreSQL expands into one
 * comparison per row: measured here, it ran out of stack (the default {@code max_stack_depth}) between 6,000 and 8,000
 * rows of a 7-column key, and H2 needed over 30 seconds for 9,362; so such a batch also lists at most
 * {@link #MAX_ROW_VALUES} rows. The sweeper asks this class once per pass and never sends a larger batch; anything
 * that sizes batches (now the {@code batch-size} option) goes through it.
 *
 * @param database the database's name, for the start line
 * @param parameterLimit the most bind parameters one statement may carry
 * @param padded whether the provider pads {@code IN} lists to the next power of two (Hibernate's
 *     {@code hibernate.query.in_clause_parameter_padding}), which binds up to twice the ids
 * @param idColumns how many columns a pass's id has, so how many parameters each listed row binds
 */
public record BatchBound(String database, int parameterLimit, boolean padded, ToIntFunction<RetentionPass<?>> idColumns) {

  /** The limit where nothing better is known: PostgreSQL's and MariaDB's, the smallest of the databases tested here. */
  public static final int DEFAULT_PARAMETER_LIMIT = 65_535;

  /** The most rows a batch lists by a key of several columns. */
  public static final int MAX_ROW_VALUES = 1_000;

  /** Parameters a batch statement binds besides its ids: the cutoff of the re-applied predicate. */
  static final int FIXED_PARAMETERS = 1;

  /**
   * The rows a batch of {@code pass} may take under {@code shape}, and why, when that is fewer than asked.
   *
   * @param rows the most rows per batch
   * @param note the reason, for the start line, when {@code rows} is below the configured batch size
   */
  public record Rows(int rows, Optional<String> note) {}

  /** The bound for any JPA provider: the id's columns counted from the metamodel, the default limit, no padding. */
  public static BatchBound portable(EntityManagerFactory emf) {
    Metamodel metamodel = emf.getMetamodel();
    return new BatchBound("the database", DEFAULT_PARAMETER_LIMIT, false,
        pass -> idColumns(metamodel, metamodel.entity(pass.entityType())));
  }

  /** The most rows a batch of {@code pass} may take under {@code shape} when {@code batchSize} is asked for. */
  public Rows rowsFor(RetentionPass<?> pass, StatementShape shape, int batchSize) {
    if (!shape.bindsIdsPerRow(pass)) {
      return new Rows(batchSize, Optional.empty());
    }
    int perRow = Math.max(1, idColumns.applyAsInt(pass));
    int byParameters = mostRows(perRow);
    int most = perRow > 1 ? Math.min(byParameters, MAX_ROW_VALUES) : byParameters;
    if (batchSize <= most) {
      return new Rows(batchSize, Optional.empty());
    }
    String why = most < byParameters
        ? "a batch lists its " + perRow + "-column ids as row values, at most " + MAX_ROW_VALUES + " per statement"
        : "a batch binds " + perRow + (perRow == 1 ? " id parameter" : " id parameters") + " per row, and " + database
            + " takes at most " + parameterLimit + " per statement"
            + (padded ? " (IN lists padded to a power of two)" : "");
    return new Rows(most, Optional.of("batches of at most " + most + " rows, not " + batchSize + ": " + why));
  }

  /** The largest row count whose statement stays within the limit, padding included. */
  int mostRows(int parametersPerRow) {
    int rows = (parameterLimit - FIXED_PARAMETERS) / parametersPerRow;
    return padded ? Integer.highestOneBit(Math.max(1, rows)) : Math.max(1, rows);
  }

  /** The id's columns by the JPA metamodel: one for a basic id, the basic attributes (recursively) of an embedded one. */
  private static int idColumns(Metamodel metamodel, EntityType<?> entity) {
    if (!entity.hasSingleIdAttribute()) {
      return entity.getIdClassAttributes().size();
    }
    Type<?> idType = entity.getIdType();
    return idType instanceof EmbeddableType<?> embeddable ? columns(metamodel, embeddable) : 1;
  }

  private static int columns(Metamodel metamodel, ManagedType<?> type) {
    int columns = 0;
    for (Attribute<?, ?> attribute : type.getAttributes()) {
      columns += attribute.getPersistentAttributeType() == Attribute.PersistentAttributeType.EMBEDDED
          ? columns(metamodel, metamodel.embeddable(attribute.getJavaType()))
          : 1;
    }
    return columns;
  }
}
