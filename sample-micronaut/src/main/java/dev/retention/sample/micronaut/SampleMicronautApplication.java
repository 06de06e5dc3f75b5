package dev.retention.sample.micronaut;

import io.micronaut.runtime.Micronaut;

/**
 * A Micronaut application with retention-micronaut: its {@link ApiToken}s expire, and the runtime bean deletes them in
 * the background. {@code /health} shows the {@code retention} component, {@code /metrics/retention.rows.deleted} the
 * rows deleted, {@code /tokens} how many tokens are left.
 */
public final class SampleMicronautApplication {

  private SampleMicronautApplication() {}

  public static void main(String[] args) {
    Micronaut.run(SampleMicronautApplication.class, args);
  }
}
