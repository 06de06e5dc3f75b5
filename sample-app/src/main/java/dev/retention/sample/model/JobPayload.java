package dev.retention.sample.model;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Lob;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/** The input of a background job, useless after {@code discardAt}. */
@Entity
@Table(name = "sample_job_payload", indexes = @Index(name = "sample_job_payload_discard_at", columnList = "discardAt"))
public class JobPayload {

  @Id
  @GeneratedValue
  private Long id;

  private String jobType;

  @Lob
  private String payload;

  @Ttl(expireAfterSeconds = 0)
  private OffsetDateTime discardAt;

  protected JobPayload() {}

  public JobPayload(String jobType, String payload, OffsetDateTime discardAt) {
    this.jobType = jobType;
    this.payload = payload;
    this.discardAt = discardAt;
  }
}
