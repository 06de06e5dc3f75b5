package com.acme.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** A job kept 7 days after it finished; a running one never expires. */
@Entity
@Table(indexes = @Index(columnList = "finishedAt"))
public class Job {
  public enum Status { RUNNING, FINISHED }

  @Id
  Long id;

  @Enumerated(EnumType.STRING)
  Status status;

  int attempts;

  @Ttl(expireAfterSeconds = 604_800, when = "e.status = com.acme.shapes.Job.Status.FINISHED and e.attempts < 3")
  Instant finishedAt;
}
