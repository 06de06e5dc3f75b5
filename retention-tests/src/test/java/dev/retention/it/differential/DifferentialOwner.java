package dev.retention.it.differential;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** What a row of the differential test belongs to: a condition may read {@code e.owner.active}. */
@Entity
@Table(name = "differential_owner")
public class DifferentialOwner {

  @Id
  Long id;

  Boolean active;

  protected DifferentialOwner() {}

  public DifferentialOwner(long id, Boolean active) {
    this.id = id;
    this.active = active;
  }
}
