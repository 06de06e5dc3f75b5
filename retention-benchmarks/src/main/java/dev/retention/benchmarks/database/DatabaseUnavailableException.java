package dev.retention.benchmarks.database;

/** A database server did not answer, so the benchmark cannot create its database there. */
public final class DatabaseUnavailableException extends Exception {

  private static final long serialVersionUID = 1L;

  DatabaseUnavailableException(DatabaseKind kind, String url, Throwable cause) {
    super(kind.label() + " at " + url + " did not answer: " + cause.getMessage(), cause);
  }
}
