package dev.retention.it.partitions;

import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.PreRemove;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An {@code @IdClass} entity with a {@code @PreRemove} callback, which must run for every row the pass deletes: its
 * rows are removed one by one for the callback as well as for the key, and none of its partitions may go whole.
 */
@Entity
@IdClass(CallbackPair.PairId.class)
@Table(name = "callback_pair")
@SuppressWarnings("retention:index")
public class CallbackPair {

  /** The numbers of the rows whose callback ran. */
  public static final Set<Long> REMOVED = ConcurrentHashMap.newKeySet();

  @Id
  String owner;

  @Id
  long number;

  @Ttl(expireAfterSeconds = 0)
  @Column(name = "occurred_at")
  Instant value;

  protected CallbackPair() {}

  public CallbackPair(long number, Instant value) {
    this.owner = "owner-" + number % 3;
    this.number = number;
    this.value = value;
  }

  @PreRemove
  void recordRemoval() {
    REMOVED.add(number);
  }

  /** The id class. */
  public static class PairId implements Serializable {
    private static final long serialVersionUID = 1L;

    String owner;
    long number;

    public PairId() {}

    @Override
    public boolean equals(Object other) {
      return other instanceof PairId that && Objects.equals(owner, that.owner) && number == that.number;
    }

    @Override
    public int hashCode() {
      return Objects.hash(owner, number);
    }
  }
}
