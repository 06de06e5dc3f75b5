package dev.retention.benchmarks.model;

import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A draft that expires at {@code expires_at} once its club is inactive: a condition through a to-one, the table of
 * {@code --modes=conditions}. Rows are loaded over JDBC by the suite.
 */
@Entity
@Table(name = "club_draft", indexes = @Index(name = "club_draft_expires_at", columnList = "expires_at"))
public class ClubDraft {

  @Id
  private Long id;

  @ManyToOne(fetch = FetchType.LAZY, optional = false)
  @JoinColumn(name = "club_id")
  private Club club;

  @Ttl(expireAfterSeconds = 0, when = "e.club.active = false")
  @Column(name = "expires_at")
  private Instant expiresAt;

  @Column(name = "payload", length = 64)
  private String payload;

  protected ClubDraft() {}
}
