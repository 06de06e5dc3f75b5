package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/** An entity with an {@code @EmbeddedId}. */
@Entity
@Table(name = "keyed_row", indexes = @Index(columnList = "ttl"))
public class KeyedRow {

  @EmbeddedId
  RowKey id;

  String label;

  @Ttl(expireAfterSeconds = 0)
  Instant ttl;

  protected KeyedRow() {}

  public KeyedRow(long id, String label, Instant ttl) {
    this.id = new RowKey("eu-" + id % 3, id);
    this.label = label;
    this.ttl = ttl;
  }

  /** A two-column key. */
  @Embeddable
  public static class RowKey implements Serializable {
    private static final long serialVersionUID = 1L;

    String region;
    long number;

    protected RowKey() {}

    RowKey(String region, long number) {
      this.region = region;
      this.number = number;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof RowKey that && region.equals(that.region) && number == that.number;
    }

    @Override
    public int hashCode() {
      return Objects.hash(region, number);
    }
  }
}
