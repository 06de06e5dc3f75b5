package dev.retention.it.conditions;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.PreRemove;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** A file that expires at {@code expiresAt} unless pinned; its {@code @PreRemove} makes its pass remove entities. */
@Entity
@Table(name = "pinned_file", indexes = @Index(columnList = "expiresAt"))
public class PinnedFile {

  /** The ids of the files whose removal callback ran. */
  public static final Set<Long> REMOVED = ConcurrentHashMap.newKeySet();

  @Id
  Long id;

  boolean pinned;

  @Ttl(expireAfterSeconds = 0, when = "e.pinned = false")
  Instant expiresAt;

  protected PinnedFile() {}

  public PinnedFile(long id, boolean pinned, Instant expiresAt) {
    this.id = id;
    this.pinned = pinned;
    this.expiresAt = expiresAt;
  }

  @PreRemove
  void recordRemoval() {
    REMOVED.add(id);
  }
}
