package dev.retention.it.scopes;

import dev.retention.Ttl;
import dev.retention.TtlScope;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.PreRemove;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A file uploaded to one account (a {@code Long} scope), kept a week after {@code uploadedAt} unless pinned; its
 * {@code @PreRemove} makes its pass remove entities one by one, scope by scope.
 */
@Entity
@Table(name = "account_upload", indexes = @Index(columnList = "account_id, uploaded_at"))
public class AccountUpload {

  /** The ids of the uploads whose removal callback ran. */
  public static final Set<Long> REMOVED = ConcurrentHashMap.newKeySet();

  @Id
  Long id;

  @TtlScope
  @Column(name = "account_id")
  Long accountId;

  boolean pinned;

  @Ttl(expireAfterSeconds = 604_800, when = "e.pinned = false")
  @Column(name = "uploaded_at")
  Instant uploadedAt;

  protected AccountUpload() {}

  public AccountUpload(long id, Long accountId, boolean pinned, Instant uploadedAt) {
    this.id = id;
    this.accountId = accountId;
    this.pinned = pinned;
    this.uploadedAt = uploadedAt;
  }

  @PreRemove
  void recordRemoval() {
    REMOVED.add(id);
  }
}
