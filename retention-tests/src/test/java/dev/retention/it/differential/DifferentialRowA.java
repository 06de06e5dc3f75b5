package dev.retention.it.differential;

import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** One of the tables the differential test runs cases on side by side, each with a pass of its own. */
@Entity
@Table(name = "differential_row_a")
public class DifferentialRowA extends NumberedRow {

  public DifferentialRowA() {}
}
