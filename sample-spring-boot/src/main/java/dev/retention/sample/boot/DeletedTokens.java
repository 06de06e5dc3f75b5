package dev.retention.sample.boot;

import dev.retention.spring.boot.BeforeDeleteRegistration;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Counts the tokens each batch is about to delete, from a before-delete hook declared as a bean: where an application
 * would archive the rows or write an audit line, inside the batch's transaction.
 */
@Configuration(proxyBeanMethods = false)
class DeletedTokens {

  private final AtomicLong counted = new AtomicLong();

  @Bean
  BeforeDeleteRegistration countDeletedTokens() {
    return BeforeDeleteRegistration.of(ApiToken.class, (em, ids) -> counted.addAndGet(ids.size()));
  }

  /** The tokens the hook was given so far. */
  long counted() {
    return counted.get();
  }
}
