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
 * A job kept a week after {@code finishedAt}, but only once it finished and needed fewer than three attempts: a running
 * or failed job, or one retried often, stays for someone to look at.
 */
@Entity
@Table(name = "batch_job", indexes = @Index(columnList = "finishedAt"))
public class BatchJob {

  @Id
  Long id;

  @Enumerated(EnumType.STRING)
  JobStatus status;

  int attempts;

  @Ttl(expireAfterSeconds = 604_800,
      when = "e.status = dev.retention.it.conditions.JobStatus.FINISHED and e.attempts < 3")
  Instant finishedAt;

  protected BatchJob() {}

  public BatchJob(long id, JobStatus status, int attempts, Instant finishedAt) {
    this.id = id;
    this.status = status;
    this.attempts = attempts;
    this.finishedAt = finishedAt;
  }
}
