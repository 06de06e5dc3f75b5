package dev.retention.runtime.internal.statement;

import dev.retention.runtime.pass.BulkStatementsPass;
import jakarta.persistence.Query;
import jakarta.persistence.metamodel.Attribute;
import jakarta.persistence.metamodel.EntityType;
import jakarta.persistence.metamodel.Metamodel;
import jakarta.persistence.metamodel.SingularAttribute;
import jakarta.persistence.metamodel.Type.PersistenceType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * How a batch names the rows it selected, read from the provider's metamodel: by its one id attribute, bound as a list
 * to {@code in :ids}; or, for an {@code @EmbeddedId} or {@code @IdClass} id, by every attribute of the key
 * ({@code id.region}, {@code id.number}), one equality conjunction per row, which every provider accepts.
 */
public final class RowKeys {

  /** Most parameters in one statement: far below every driver's limit (PostgreSQL's is 65,535). */
  private static final int MAX_PARAMETERS = 1_000;

  /** The paths of the key's attributes; empty for a single id attribute. */
  private final List<String> paths;

  private RowKeys(List<String> paths) {
    this.paths = List.copyOf(paths);
  }

  public static RowKeys of(Metamodel metamodel, Class<?> entityType) {
    EntityType<?> entity = metamodel.entity(entityType);
    if (!entity.hasSingleIdAttribute()) {
      return new RowKeys(names("", entity.getIdClassAttributes()));
    }
    if (entity.getIdType().getPersistenceType() != PersistenceType.EMBEDDABLE) {
      return new RowKeys(List.of());
    }
    SingularAttribute<?, ?> id = entity.getId(entity.getIdType().getJavaType());
    return new RowKeys(names(id.getName() + ".",
        metamodel.embeddable(entity.getIdType().getJavaType()).getSingularAttributes()));
  }

  private static List<String> names(String prefix, java.util.Set<? extends Attribute<?, ?>> attributes) {
    List<String> names = new ArrayList<>();
    attributes.stream().map(Attribute::getName).sorted(Comparator.naturalOrder())
        .forEach(name -> names.add(prefix + name));
    return names;
  }

  /** Whether the key spans several attributes. */
  public boolean composite() {
    return !paths.isEmpty();
  }

  public List<String> paths() {
    return paths;
  }

  /**
   * The selected rows in groups small enough for one statement each: keys of several attributes within
   * {@value #MAX_PARAMETERS} parameters, single ids {@value BulkStatementsPass#IDS_PER_DELETE} at a time.
   */
  public List<List<Object>> chunks(List<?> rows) {
    int size = composite() ? Math.max(1, MAX_PARAMETERS / paths.size()) : BulkStatementsPass.IDS_PER_DELETE;
    List<List<Object>> chunks = new ArrayList<>();
    for (int from = 0; from < rows.size(); from += size) {
      chunks.add(new ArrayList<>(rows.subList(from, Math.min(rows.size(), from + size))));
    }
    return chunks;
  }

  /** Binds one chunk: the ids as {@code :ids}, or each key's columns (a row of {@code selectExpiredKeys}). */
  public Query bind(Query query, List<Object> chunk) {
    if (!composite()) {
      return query.setParameter("ids", chunk);
    }
    for (int row = 0; row < chunk.size(); row++) {
      Object[] key = paths.size() == 1 ? new Object[] {chunk.get(row)} : (Object[]) chunk.get(row);
      for (int column = 0; column < key.length; column++) {
        query.setParameter(PassStatements.keyParameter(row, column), key[column]);
      }
    }
    return query;
  }
}
