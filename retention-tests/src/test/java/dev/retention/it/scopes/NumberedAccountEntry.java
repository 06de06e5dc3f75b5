package dev.retention.it.scopes;

import dev.retention.Ttl;
import dev.retention.TtlScope;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * An entry of one account whose number the application holds as a {@code String} while the column is an
 * {@code integer}: the database compares the scope as a number, where {@code "007"} and {@code "7"} are one account.
 */
@Entity
@Table(name = "numbered_account_entry", indexes = @Index(columnList = "account, booked_at"))
public class NumberedAccountEntry {

  @Id
  Long id;

  @TtlScope
  @Column(columnDefinition = "integer")
  String account;

  @Ttl(expireAfterSeconds = 30 * 86_400)
  @Column(name = "booked_at")
  Instant bookedAt;

  protected NumberedAccountEntry() {}

  public NumberedAccountEntry(long id, String account, Instant bookedAt) {
    this.id = id;
    this.account = account;
    this.bookedAt = bookedAt;
  }
}
