package dev.retention.runtime;

import java.util.List;

/**
 * The runtime cannot be built as configured: an option has a bad value, a key names no pass or no option, or a
 * registry cannot be loaded. The message lists every problem, each naming the pass, the key and the value.
 */
public final class RetentionConfigurationException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final List<String> problems;

  public RetentionConfigurationException(List<String> problems) {
    super(message(problems));
    this.problems = List.copyOf(problems);
  }

  public RetentionConfigurationException(String problem, Throwable cause) {
    super(message(List.of(problem)), cause);
    this.problems = List.of(problem);
  }

  /** Each problem on its own, in the order found. */
  public List<String> problems() {
    return problems;
  }

  private static String message(List<String> problems) {
    StringBuilder text = new StringBuilder("Retention is misconfigured (")
        .append(problems.size()).append(problems.size() == 1 ? " problem" : " problems").append("):");
    problems.forEach(problem -> text.append(System.lineSeparator()).append("  - ").append(problem));
    return text.toString();
  }
}
