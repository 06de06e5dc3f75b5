package dev.retention.runtime.internal.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The most rows a batch lists, from the parameters per row, the database's limit and IN-list padding. */
class BatchBoundTest {

  @Test
  void aSingleColumnIdFitsTheLargestBatchEvenPadded() {
    assertEquals(65_534, bound(65_535, false).mostRows(1));
    assertEquals(32_768, bound(65_535, true).mostRows(1), "16,384 ids of 10,000 padded fit; 65,536 would not");
  }

  @Test
  void aSevenColumnIdBindsSevenParametersPerRow() {
    assertEquals(9_362, bound(65_535, false).mostRows(7), "(65,535 - 1 for the cutoff) / 7");
    assertEquals(8_192, bound(65_535, true).mostRows(7), "padded to a power of two: 8,192 x 7 = 57,344");
  }

  @Test
  void aSmallLimitBoundsEvenASingleColumnId() {
    assertEquals(2_099, bound(2_100, false).mostRows(1), "SQL Server's limit");
    assertEquals(2_048, bound(2_100, true).mostRows(1), "2,048 ids and the cutoff: 2,049 parameters");
  }

  private static BatchBound bound(int limit, boolean padded) {
    return new BatchBound("a database", limit, padded, pass -> 1);
  }
}
