package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.sql.Date;

/** A {@code Date} attribute with a window of 86400 seconds. */
@Entity
@Table(name = "sql_date_row", indexes = @Index(columnList = "ttl"))
public class SqlDateRow {

  @Id
  Long id;

  String label;

  @Ttl(expireAfterSeconds = 86400)
  Date ttl;

  protected SqlDateRow() {}

  public SqlDateRow(long id, String label, Date ttl) {
    this.id = id;
    this.label = label;
    this.ttl = ttl;
  }
}
