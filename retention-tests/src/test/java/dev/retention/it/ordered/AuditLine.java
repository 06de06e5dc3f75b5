package dev.retention.it.ordered;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * An audit line kept 30 days, whose table's only index starts with its kind, not its date: the ordered delete, which
 * walks an index leading with the date, declines it (without one it would scan the table and lock every row it reads).
 */
@Entity
@Table(name = "audit_line", indexes = @Index(name = "audit_line_kind_at", columnList = "kind, at"))
@SuppressWarnings("retention:index") // on purpose: the table the ordered delete declines
public class AuditLine {

  @Id
  private Long id;

  private String kind;

  @Ttl(expireAfterSeconds = 30 * 86_400)
  private Instant at;

  protected AuditLine() {}

  public AuditLine(long id, String kind, Instant at) {
    this.id = id;
    this.kind = kind;
    this.at = at;
  }
}
