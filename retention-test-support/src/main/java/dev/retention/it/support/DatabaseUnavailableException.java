package dev.retention.it.support;

/** A database server did not answer, so no database could be created on it. */
public final class DatabaseUnavailableException extends Exception {

  private static final long serialVersionUID = 1L;

  private final TestDatabase.Kind kind;

  DatabaseUnavailableException(TestDatabase.Kind kind, String url, Throwable cause) {
    super(kind.label() + " at " + url + " did not answer: " + cause.getMessage(), cause);
    this.kind = kind;
  }

  public TestDatabase.Kind kind() {
    return kind;
  }
}
