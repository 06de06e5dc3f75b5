package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.PreRemove;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Has a {@code @PreRemove} callback, which must run for every row the pass deletes. */
@Entity
@Table(name = "callback_row", indexes = @Index(columnList = "ttl"))
public class CallbackRow {

  /** The labels of the rows whose callback ran. */
  public static final Set<String> REMOVED = ConcurrentHashMap.newKeySet();

  @Id
  Long id;

  String label;

  @Ttl(expireAfterSeconds = 0)
  Instant ttl;

  protected CallbackRow() {}

  public CallbackRow(long id, String label, Instant ttl) {
    this.id = id;
    this.label = label;
    this.ttl = ttl;
  }

  @PreRemove
  void recordRemoval() {
    REMOVED.add(label);
  }
}
