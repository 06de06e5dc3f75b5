package dev.retention.it.shapes;

import dev.retention.fixtures.ExpiringRecord;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** Inherits its {@code @Ttl} from {@link ExpiringRecord}, compiled earlier into another module's jar. */
@Entity
@Table(name = "imported_record", indexes = @Index(columnList = "expiresAt"))
public class ImportedRecord extends ExpiringRecord {

  @Id
  Long id;

  protected ImportedRecord() {}

  public ImportedRecord(long id, String label, Instant expiresAt) {
    super(label, expiresAt);
    this.id = id;
  }
}
