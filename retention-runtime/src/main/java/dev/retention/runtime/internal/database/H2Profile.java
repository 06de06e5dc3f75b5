package dev.retention.runtime.internal.database;

/**
 * H2: the portable JPQL. H2 locks every row a {@code FOR UPDATE} query reads before it applies the limit, which made
 * locked batches about twenty times slower here; it has no session lock, and {@code DISTINCT} is exact.
 */
final class H2Profile implements DatabaseProfile {

  private final boolean skipsLockedRows;

  H2Profile(boolean skipsLockedRows) {
    this.skipsLockedRows = skipsLockedRows;
  }

  @Override
  public String name() {
    return "H2";
  }

  @Override
  public boolean skipsLockedRows() {
    return skipsLockedRows;
  }
}
