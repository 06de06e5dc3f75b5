package dev.retention.sample.micronaut;

import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.serde.annotation.Serdeable;

/** {@code GET /tokens}: how many tokens are left, expired or not. */
@Controller("/tokens")
class TokenController {

  private final ApiTokens tokens;

  TokenController(ApiTokens tokens) {
    this.tokens = tokens;
  }

  @Get
  Tokens tokens() {
    return new Tokens(tokens.count());
  }

  /** @param left the tokens in the table */
  @Serdeable
  record Tokens(long left) {}
}
