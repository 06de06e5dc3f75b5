package dev.retention.it.conditions;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A member whose drafts expire only while the member is inactive. */
@Entity
@Table(name = "club_member")
public class Member {

  @Id
  Long id;

  boolean active;

  protected Member() {}

  public Member(long id, boolean active) {
    this.id = id;
    this.active = active;
  }
}
