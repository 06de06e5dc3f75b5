package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** Holds a nested entity, whose pass is named {@code Outer_NestedRowRetentionPass}. */
public final class Outer {

  private Outer() {}

  /** A static nested entity. */
  @Entity
  @Table(name = "nested_row", indexes = @Index(columnList = "ttl"))
  public static class NestedRow {

    @Id
    Long id;

    String label;

    @Ttl(expireAfterSeconds = 0)
    Instant ttl;

    protected NestedRow() {}

    public NestedRow(long id, String label, Instant ttl) {
      this.id = id;
      this.label = label;
      this.ttl = ttl;
    }
  }
}
