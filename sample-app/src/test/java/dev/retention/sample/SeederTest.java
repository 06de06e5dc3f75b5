package dev.retention.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.persistence.EntityManagerFactory;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SeederTest {

  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-03-01T12:00:00Z"), ZoneOffset.UTC);

  /** As the sample does: the factories these tests open would print Hibernate's start-up lines otherwise. */
  @BeforeAll
  static void quietFrameworkLogging() {
    SampleApp.quietFrameworkLogging();
  }

  @Test
  void aBigSeedPrintsItsProgressEveryTenth() {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    try (EntityManagerFactory emf = SampleDatabase.open(
        SampleOptions.parse("--jdbc-url", "jdbc:h2:mem:seeder-progress;DB_CLOSE_DELAY=-1", "--user", "sa"))) {
      new Seeder(emf, CLOCK, new PrintStream(buffer, true, StandardCharsets.UTF_8), 1_000).seed(2_000);
    }

    List<String> lines = buffer.toString(StandardCharsets.UTF_8).lines().toList();
    // 2,000 rows make 1,850 seeded entities: carts count once, their items are written with them.
    assertEquals(10, lines.size(), String.join("\n", lines));
    assertEquals("  seeded 185 of 1,850 rows (10%)", lines.get(0));
    assertEquals("  seeded 1,850 of 1,850 rows (100%)", lines.get(9));
  }

  @Test
  void aSmallSeedPrintsNothing() {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    try (EntityManagerFactory emf = SampleDatabase.open(
        SampleOptions.parse("--jdbc-url", "jdbc:h2:mem:seeder-quiet;DB_CLOSE_DELAY=-1", "--user", "sa"))) {
      new Seeder(emf, CLOCK, new PrintStream(buffer, true, StandardCharsets.UTF_8), 1_000).seed(900);
    }

    assertEquals("", buffer.toString(StandardCharsets.UTF_8));
  }
}
