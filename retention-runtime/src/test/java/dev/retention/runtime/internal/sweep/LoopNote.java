package dev.retention.runtime.internal.sweep;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** The rows the loop's unit suite sweeps: a date, and a tenant for the scoped pass. */
@Entity
@Table(name = "loop_note")
public class LoopNote {

  @Id
  private Long id;

  private Instant createdAt;

  private String tenant;

  protected LoopNote() {}

  LoopNote(long id, Instant createdAt, String tenant) {
    this.id = id;
    this.createdAt = createdAt;
    this.tenant = tenant;
  }

  String tenant() {
    return tenant;
  }
}
