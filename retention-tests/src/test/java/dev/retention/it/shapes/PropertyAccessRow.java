package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** Property access (the id is on a getter), so {@code @Ttl} sits on the getter; the column is renamed. */
@Entity
@Table(name = "property_access_row", indexes = @Index(columnList = "valid_until"))
public class PropertyAccessRow {

  private Long key;
  private String tag;
  private Instant until;

  protected PropertyAccessRow() {}

  public PropertyAccessRow(long id, String label, Instant validUntil) {
    this.key = id;
    this.tag = label;
    this.until = validUntil;
  }

  @Id
  public Long getId() {
    return key;
  }

  public void setId(Long id) {
    this.key = id;
  }

  public String getLabel() {
    return tag;
  }

  public void setLabel(String label) {
    this.tag = label;
  }

  @Ttl(expireAfterSeconds = 0)
  @Column(name = "valid_until")
  public Instant getValidUntil() {
    return until;
  }

  public void setValidUntil(Instant validUntil) {
    this.until = validUntil;
  }
}
