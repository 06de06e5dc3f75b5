package dev.retention.sample.boot;

import dev.retention.runtime.RetentionPolicy;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.spring.data.RetentionSpecifications;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Expired means gone, for the application's reads too. A token past its expiry stays in the table until a sweep
 * reaches it; {@code GET /tokens/live} serves only the tokens the runtime's rule keeps, the window as configuration
 * sets it, with the runtime's policy in JPQL and through a Spring Data repository, beside what the table stores.
 * {@code POST /tokens} issues tokens that expire {@code expiresInSeconds} from now (negative: already past).
 */
@RestController
class LiveTokenController {

  @PersistenceContext
  private EntityManager entityManager;

  private final RetentionRuntime retention;
  private final ApiTokens tokens;

  LiveTokenController(RetentionRuntime retention, ApiTokens tokens) {
    this.retention = retention;
    this.tokens = tokens;
  }

  @GetMapping("/tokens/live")
  @Transactional(readOnly = true)
  Map<String, Long> live() {
    RetentionPolicy policy = retention.policy(ApiToken.class);
    long live = policy.bindLive(entityManager.createQuery(
        "select count(t) from ApiToken t where " + policy.liveJpql("t"), Long.class), "t").getSingleResult();
    Map<String, Long> counts = new LinkedHashMap<>();
    counts.put("stored", tokens.count());
    counts.put("live", live);
    counts.put("liveBySpecification", tokens.count(RetentionSpecifications.live(retention, ApiToken.class)));
    return counts;
  }

  @PostMapping("/tokens")
  @Transactional
  List<Long> issue(@RequestParam int count, @RequestParam long expiresInSeconds) {
    long first = entityManager.createQuery("select coalesce(max(t.id), 0) from ApiToken t", Long.class)
        .getSingleResult() + 1;
    List<Long> ids = LongStream.range(first, first + count).boxed().toList();
    ids.forEach(id -> entityManager.persist(
        new ApiToken(id, Clock.systemUTC().instant().plusSeconds(expiresInSeconds))));
    return ids;
  }
}
