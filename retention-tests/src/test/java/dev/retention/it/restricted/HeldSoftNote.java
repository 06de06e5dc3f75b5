package dev.retention.it.restricted;

import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.Filter;
import org.hibernate.annotations.FilterDef;
import org.hibernate.annotations.SoftDelete;

/**
 * A note Hibernate deletes softly, under a legal hold while {@code hold} is true (an auto-enabled filter): only native
 * statements purge a soft-deleted entity's rows, and they cannot keep the held ones, so its pass is refused.
 */
@Entity
@SoftDelete
@Table(name = "held_soft_note", indexes = @Index(columnList = "written_at"))
@FilterDef(name = "unheld", defaultCondition = "hold = false", autoEnabled = true)
@Filter(name = "unheld")
public class HeldSoftNote {

  @Id
  Long id;

  boolean hold;

  @Ttl(expireAfterSeconds = 0)
  @Column(name = "written_at")
  Instant writtenAt;

  protected HeldSoftNote() {}
}
