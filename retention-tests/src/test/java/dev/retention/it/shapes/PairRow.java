package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/** An entity with an {@code @IdClass} id of two attributes. */
@Entity
@IdClass(PairRow.PairId.class)
@Table(name = "pair_row", indexes = @Index(columnList = "ttl"))
public class PairRow {

  @Id
  String owner;

  @Id
  long number;

  String label;

  @Ttl(expireAfterSeconds = 0)
  Instant ttl;

  protected PairRow() {}

  public PairRow(long id, String label, Instant ttl) {
    this.owner = "owner-" + id % 4;
    this.number = id;
    this.label = label;
    this.ttl = ttl;
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
