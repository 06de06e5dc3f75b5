package dev.retention.sample.boot;

import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.Map;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /tokens}: how many tokens are left, to see what the sweeps deleted, and how many the before-delete hook
 * was given.
 */
@RestController
class TokenController {

  @PersistenceContext
  private EntityManager entityManager;

  private final DeletedTokens deletedTokens;

  TokenController(DeletedTokens deletedTokens) {
    this.deletedTokens = deletedTokens;
  }

  @GetMapping("/tokens")
  @Transactional(readOnly = true)
  Map<String, Long> tokens() {
    long left = entityManager.createQuery("select count(t) from ApiToken t", Long.class).getSingleResult();
    return Map.of("left", left, "hooked", deletedTokens.counted());
  }
}
