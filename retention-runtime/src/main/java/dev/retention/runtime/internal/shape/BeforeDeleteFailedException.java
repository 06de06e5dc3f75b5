package dev.retention.runtime.internal.shape;

/** A {@code BeforeDelete} hook threw: its batch rolls back, and the sweep reports this with the hook's exception. */
public final class BeforeDeleteFailedException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  BeforeDeleteFailedException(String pass, int rows, Throwable cause) {
    super("The before-delete hook of pass " + pass + " failed on a batch of " + rows + " rows, which stay: " + cause,
        cause);
  }
}
