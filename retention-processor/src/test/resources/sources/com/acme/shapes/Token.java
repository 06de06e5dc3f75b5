package com.acme.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.LocalDate;

@Entity
@Table(indexes = @Index(columnList = "valid_through"))
public class Token {
  private String value;
  private LocalDate validThrough;

  @Id
  public String getValue() {
    return value;
  }

  public void setValue(String value) {
    this.value = value;
  }

  @Ttl(expireAfterSeconds = 86_400)
  @Column(name = "valid_through")
  public LocalDate getValidThrough() {
    return validThrough;
  }

  public void setValidThrough(LocalDate validThrough) {
    this.validThrough = validThrough;
  }
}
