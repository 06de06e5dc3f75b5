package dev.retention.sample.model;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.LocalDateTime;

/** A message shown to a user; kept 90 days after it last changed. A local time, read in the runtime's zone. */
@Entity
@Table(name = "sample_notification",
    indexes = @Index(name = "sample_notification_last_modified", columnList = "lastModified"))
public class Notification {

  @Id
  @GeneratedValue
  private Long id;

  private String recipient;

  private String text;

  @Ttl(expireAfterSeconds = 7_776_000)
  private LocalDateTime lastModified;

  protected Notification() {}

  public Notification(String recipient, String text, LocalDateTime lastModified) {
    this.recipient = recipient;
    this.text = text;
    this.lastModified = lastModified;
  }
}
