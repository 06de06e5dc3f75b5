package dev.retention.it.shapes;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** Inherits its {@code @Ttl} from {@link Expiring}, compiled in the same compilation. */
@Entity
@Table(name = "api_token", indexes = @Index(columnList = "expiresAt"))
public class ApiToken extends Expiring {

  @Id
  Long id;

  protected ApiToken() {}

  public ApiToken(long id, String label, Instant expiresAt) {
    super(label, expiresAt);
    this.id = id;
  }
}
