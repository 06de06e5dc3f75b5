package dev.retention.processor.validation;

import java.util.ArrayList;
import java.util.List;

/**
 * What checking one member or one entity found. It is printed once, by {@link Diagnostics#print}; a pass is written
 * only from a clean report.
 *
 * @param problems the errors and warnings, in the order found
 */
public record ValidationReport(List<Problem> problems) {

  public ValidationReport {
    problems = List.copyOf(problems);
  }

  public static ValidationReport clean() {
    return new ValidationReport(List.of());
  }

  /** Whether nothing stands in the way of generating code: no error (warnings may be present). */
  public boolean isClean() {
    return problems.stream().noneMatch(Problem::isError);
  }

  /** This report's problems followed by {@code other}'s. */
  public ValidationReport and(ValidationReport other) {
    List<Problem> all = new ArrayList<>(problems);
    all.addAll(other.problems);
    return new ValidationReport(all);
  }
}
