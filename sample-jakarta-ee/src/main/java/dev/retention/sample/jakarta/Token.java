package dev.retention.sample.jakarta;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/**
 * A token, deleted once {@code expiresAt} has passed. {@code OffsetDateTime} rather than {@code Instant}: the server's
 * JPA is 3.1 (Jakarta EE 10), where {@code Instant} is not yet a basic type.
 */
@Entity
@Table(name = "sample_token", indexes = @Index(name = "sample_token_expires_at", columnList = "expiresAt"))
public class Token {

  @Id
  @GeneratedValue(strategy = GenerationType.TABLE)  // EclipseLink 4 writes IDENTITY as H2 2 refuses it
  private Long id;

  /** What the sample made it as ("expired", "live", "rolled-back"), so that a count can tell them apart. */
  private String kind;

  @Ttl(expireAfterSeconds = 0)
  private OffsetDateTime expiresAt;

  protected Token() {}

  public Token(String kind, OffsetDateTime expiresAt) {
    this.kind = kind;
    this.expiresAt = expiresAt;
  }
}
