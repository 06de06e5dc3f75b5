package dev.retention.it.restricted;

import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** A ledger line, archivable: its restriction comes from its mapped superclass. */
@Entity
@Table(name = "ledger_line", indexes = @Index(columnList = "booked_at"))
public class LedgerLine extends Archivable {

  @Id
  Long id;

  @Ttl(expireAfterSeconds = 0)
  @Column(name = "booked_at")
  Instant bookedAt;

  protected LedgerLine() {}

  public LedgerLine(long id, boolean archived, Instant bookedAt) {
    this.id = id;
    this.archived = archived;
    this.bookedAt = bookedAt;
  }
}
