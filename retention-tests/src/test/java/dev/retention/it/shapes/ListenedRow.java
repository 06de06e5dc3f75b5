package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityListeners;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.PostRemove;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Has an entity listener with a {@code @PostRemove} callback, which must run for every row the pass deletes. */
@Entity
@EntityListeners(ListenedRow.RemovalLog.class)
@Table(name = "listened_row", indexes = @Index(columnList = "ttl"))
public class ListenedRow {

  @Id
  Long id;

  String label;

  @Ttl(expireAfterSeconds = 0)
  Instant ttl;

  protected ListenedRow() {}

  public ListenedRow(long id, String label, Instant ttl) {
    this.id = id;
    this.label = label;
    this.ttl = ttl;
  }

  /** Records the rows removed. */
  public static class RemovalLog {
    /** The labels of the rows removed. */
    public static final Set<String> REMOVED = ConcurrentHashMap.newKeySet();

    @PostRemove
    void removed(ListenedRow row) {
      REMOVED.add(row.label);
    }
  }
}
