package dev.retention.runtime.internal.database;

import java.util.List;

/** Runs one read-only native query on the application's database, bounded by the batch timeout, and returns its rows. */
@FunctionalInterface
public interface SqlRows {

  /** The rows of {@code sql}, each an array of its columns' values. */
  List<Object[]> rows(String sql);
}
