package dev.retention.spring.boot;

/**
 * The Retention starter on the class path is not the one for the Spring Boot line the application runs: start-up
 * stops, and Boot's failure analysis names the artifact to use instead.
 */
public final class WrongStarterException extends IllegalStateException {

  private static final long serialVersionUID = 1L;

  /** What is on the class path, and the Boot version that runs. */
  private final String description;
  /** What to do: the artifact to use instead. */
  private final String action;

  /**
   * @param description what is on the class path, and the Boot version that runs
   * @param action what to do: the artifact to use instead
   */
  public WrongStarterException(String description, String action) {
    super(description + ". " + action);
    this.description = description;
    this.action = action;
  }

  /** What is on the class path, and the Boot version that runs. */
  public String description() {
    return description;
  }

  /** What to do: the artifact to use instead. */
  public String action() {
    return action;
  }
}
