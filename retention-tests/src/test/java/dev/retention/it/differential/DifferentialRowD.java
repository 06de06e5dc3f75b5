package dev.retention.it.differential;

import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import org.hibernate.annotations.SoftDelete;

/**
 * The table of the differential test's cases on Hibernate's {@code @SoftDelete}: the application marks some rows
 * deleted, and the purge must delete exactly the expired rows, marked or not.
 */
@Entity
@SoftDelete
@Table(name = "differential_row_d")
public class DifferentialRowD extends NumberedRow {

  public DifferentialRowD() {}
}
