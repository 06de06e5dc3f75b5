package dev.retention.runtime.internal.shape;

/**
 * What a pass's statements were chosen on in the database's catalog, read again before each sweep in one statement
 * (see {@code database.CatalogFacts}): where it reads otherwise than at the last choice, the pass's statements are
 * chosen again.
 */
@FunctionalInterface
public interface CatalogWatch {

  /** Nothing is read: the statements chosen at {@code build()} stay. */
  CatalogWatch NONE = () -> "";

  /** The facts as they stand now, equal to an earlier reading exactly when nothing relied on changed. */
  String read();
}
