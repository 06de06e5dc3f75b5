package dev.retention.it.conditions;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A condition that compares an enum attribute with a string literal, as SQL would: Hibernate reads the literal as the
 * enum's constant, EclipseLink refuses the comparison, but only when the query runs, not when it is created.
 */
@Entity
@Table(name = "status_text_job", indexes = @Index(columnList = "finishedAt"))
public class StatusTextJob {

  @Id
  Long id;

  @Enumerated(EnumType.STRING)
  JobStatus status;

  @Ttl(expireAfterSeconds = 0, when = "e.status = 'FINISHED'")
  Instant finishedAt;

  protected StatusTextJob() {}

  public StatusTextJob(long id, JobStatus status, Instant finishedAt) {
    this.id = id;
    this.status = status;
    this.finishedAt = finishedAt;
  }
}
