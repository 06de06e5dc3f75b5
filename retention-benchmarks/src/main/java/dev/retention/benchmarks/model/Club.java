package dev.retention.benchmarks.model;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A club whose drafts expire only once it is inactive: the other end of {@link ClubDraft}'s condition. */
@Entity
@Table(name = "club")
public class Club {

  @Id
  private Long id;

  @Column(name = "active", nullable = false)
  private boolean active;

  protected Club() {}
}
