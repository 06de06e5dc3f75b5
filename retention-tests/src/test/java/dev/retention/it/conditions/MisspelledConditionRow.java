package dev.retention.it.conditions;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A condition that names a real attribute, so it compiles, but is no valid JPQL (a number has no {@code count}): only
 * the provider can refuse it, when the runtime is built.
 */
@Entity
@Table(name = "misspelled_condition_row", indexes = @Index(columnList = "expiresAt"))
public class MisspelledConditionRow {

  @Id
  Long id;

  int attempts;

  @Ttl(expireAfterSeconds = 0, when = "e.attempts.count > 1")
  Instant expiresAt;

  protected MisspelledConditionRow() {}
}
