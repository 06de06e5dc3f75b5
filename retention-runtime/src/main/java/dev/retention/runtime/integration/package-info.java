/**
 * Support for integrations (the Spring Boot starters, the Quarkus extension, the Micronaut integration, and any other a
 * framework needs): what each of them would otherwise write again, in one place, so that they agree. Applications do
 * not need it: the user's API is {@code dev.retention.runtime}, the health model and the view every integration shows
 * are {@code dev.retention.runtime.health}.
 *
 * <ul>
 *   <li>{@link dev.retention.runtime.integration.EnvironmentVariables}: the key a {@code RETENTION_*} environment
 *       variable stands for, one rule wherever it is set;
 *   <li>{@link dev.retention.runtime.integration.RuntimeLogRoute}: the runtime's log lines to the framework's logging,
 *       its stop line at SIGTERM included.
 * </ul>
 */
package dev.retention.runtime.integration;
