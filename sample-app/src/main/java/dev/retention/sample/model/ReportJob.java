package dev.retention.sample.model;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A report job, kept 7 days after {@code updatedAt} once it finished. A job still running is never deleted, however old
 * its last update: the condition keeps it.
 */
@Entity
@Table(name = "sample_report_job", indexes = @Index(name = "sample_report_job_updated_at", columnList = "updatedAt"))
public class ReportJob {

  @Id
  @GeneratedValue
  private Long id;

  @Enumerated(EnumType.STRING)
  private ReportStatus status;

  @Ttl(expireAfterSeconds = 604_800, when = "e.status = dev.retention.sample.model.ReportStatus.FINISHED")
  private Instant updatedAt;

  protected ReportJob() {}

  public ReportJob(ReportStatus status, Instant updatedAt) {
    this.status = status;
    this.updatedAt = updatedAt;
  }
}
