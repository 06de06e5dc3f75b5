package dev.retention.sample.micronaut;

import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Value;
import jakarta.annotation.PostConstruct;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Fills the empty database with tokens while the context starts (a context bean), before the sweepers start on
 * {@code StartupEvent}: {@code sample.expired-tokens} expired an hour ago or more, {@code sample.live-tokens} valid for
 * another day.
 */
@Context
class TokenSeeder {

  private final ApiTokens tokens;
  private final int expired;
  private final int live;

  TokenSeeder(ApiTokens tokens, @Value("${sample.expired-tokens:25}") int expired,
      @Value("${sample.live-tokens:5}") int live) {
    this.tokens = tokens;
    this.expired = expired;
    this.live = live;
  }

  @PostConstruct
  void seed() {
    Instant now = Instant.now();
    List<ApiToken> seeded = new ArrayList<>();
    for (int i = 0; i < expired; i++) {
      seeded.add(new ApiToken(i + 1, "user-" + i, now.minus(Duration.ofHours(1 + i))));
    }
    for (int i = 0; i < live; i++) {
      seeded.add(new ApiToken(expired + i + 1, "user-" + (expired + i), now.plus(Duration.ofDays(1))));
    }
    tokens.saveAll(seeded);
  }
}
