package dev.retention.it.differential;

import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;

/** A row of the differential test whose number is its key: a single integer {@code @Id}. */
@MappedSuperclass
public abstract class NumberedRow extends DifferentialRow {

  @Id
  Long id;

  @Override
  void number(long id) {
    this.id = id;
  }

  @Override
  String numberPath() {
    return "id";
  }

  @Override
  String idAttribute() {
    return "id";
  }

  @Override
  long numberOfKey(Object key) {
    return (Long) key;
  }

  @Override
  public Long id() {
    return id;
  }
}
