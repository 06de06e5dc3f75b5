package dev.retention.it.uncertain;

import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.Type;

/** An expiry instant that a Hibernate {@code UserType} stores as a Los Angeles wall-clock time. */
@Entity
@Table(name = "user_type_row", indexes = @Index(columnList = "expires_at"))
public class UserTypeRow {

  @Id
  Long id;

  @Ttl(expireAfterSeconds = 0)
  @Type(LosAngelesWallClockType.class)
  @Column(name = "expires_at")
  Instant expiresAt;

  protected UserTypeRow() {}

  public UserTypeRow(long id, Instant expiresAt) {
    this.id = id;
    this.expiresAt = expiresAt;
  }
}
