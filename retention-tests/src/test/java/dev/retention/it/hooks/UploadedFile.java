package dev.retention.it.hooks;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.PreRemove;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** An upload whose row expires at {@code expiresAt}; its {@code @PreRemove} makes its pass remove entities. */
@Entity
@Table(name = "uploaded_file", indexes = @Index(columnList = "expiresAt"))
public class UploadedFile {

  /** The paths of the uploads whose removal callback ran. */
  public static final Set<String> REMOVED = ConcurrentHashMap.newKeySet();

  @Id
  Long id;

  String path;

  @Ttl(expireAfterSeconds = 0)
  Instant expiresAt;

  protected UploadedFile() {}

  public UploadedFile(long id, String path, Instant expiresAt) {
    this.id = id;
    this.path = path;
    this.expiresAt = expiresAt;
  }

  public long id() {
    return id;
  }

  /** Moves the upload's expiry. */
  public void expireAt(Instant expiresAt) {
    this.expiresAt = expiresAt;
  }

  public String path() {
    return path;
  }

  @PreRemove
  void recordRemoval() {
    REMOVED.add(path);
  }
}
