package dev.retention.it.conditions;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import java.time.Instant;

/** A draft that expires at {@code expiresAt}, but only once its member is inactive: a condition through a to-one. */
@Entity
@Table(name = "member_draft", indexes = @Index(columnList = "expiresAt"))
public class MemberDraft {

  @Id
  Long id;

  @ManyToOne(fetch = FetchType.LAZY, optional = false)
  Member member;

  @Ttl(expireAfterSeconds = 0, when = "e.member.active = false")
  Instant expiresAt;

  protected MemberDraft() {}

  public MemberDraft(long id, Member member, Instant expiresAt) {
    this.id = id;
    this.member = member;
    this.expiresAt = expiresAt;
  }
}
