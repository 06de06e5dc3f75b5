package dev.retention.benchmarks.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class PercentilesTest {

  @Test
  void nearestRank() {
    Percentiles percentiles = Percentiles.of(new double[] {5, 1, 4, 2, 3, 6, 7, 8, 9, 10});
    assertEquals(5, percentiles.median());
    assertEquals(9, percentiles.at(90));
    assertEquals(10, percentiles.at(99));
    assertEquals(1, percentiles.at(0));
    assertEquals(10, percentiles.max());
  }

  @Test
  void noValuesGiveNaN() {
    assertTrue(Double.isNaN(Percentiles.of(List.of()).median()));
    assertTrue(Double.isNaN(Percentiles.of(List.of()).max()));
  }
}
