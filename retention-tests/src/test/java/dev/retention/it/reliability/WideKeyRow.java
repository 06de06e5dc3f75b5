package dev.retention.it.reliability;

import dev.retention.Ttl;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/** An entity whose {@code @EmbeddedId} has seven columns: a batch binds seven parameters per row it lists. */
@Entity
@Table(name = "wide_key_row", indexes = @Index(columnList = "expiresAt"))
public class WideKeyRow {

  @EmbeddedId
  Key id;

  @Ttl(expireAfterSeconds = 0)
  Instant expiresAt;

  protected WideKeyRow() {}

  public WideKeyRow(long number, Instant expiresAt) {
    this.id = new Key(number);
    this.expiresAt = expiresAt;
  }

  /** Seven columns, all derived from one number so that every key is distinct. */
  @Embeddable
  public static class Key implements Serializable {
    private static final long serialVersionUID = 1L;

    long number;
    int region;
    int shard;
    int bucket;
    short kind;
    String tenant;
    String source;

    protected Key() {}

    Key(long number) {
      this.number = number;
      this.region = (int) (number % 5);
      this.shard = (int) (number % 7);
      this.bucket = (int) (number % 11);
      this.kind = (short) (number % 3);
      this.tenant = "tenant-" + number % 13;
      this.source = "source-" + number % 2;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Key that && number == that.number && region == that.region && shard == that.shard
          && bucket == that.bucket && kind == that.kind && tenant.equals(that.tenant) && source.equals(that.source);
    }

    @Override
    public int hashCode() {
      return Objects.hash(number, region, shard, bucket, kind, tenant, source);
    }
  }
}
