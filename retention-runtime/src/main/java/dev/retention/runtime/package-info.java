/**
 * The user's API: {@link dev.retention.runtime.RetentionRuntime} and its builder, the options, the reports and
 * listeners, before-delete hooks, windows of scopes, and the two exceptions; and, for integrations,
 * {@link dev.retention.runtime.EnvironmentVariables}, the one reading of {@code RETENTION_*} variables. Everything else
 * is either for generated code ({@code generated}), for integrations' health checks and endpoints ({@code health}), or
 * internal: the packages under {@code dev.retention.runtime.internal} are the runtime's machinery, never named by
 * applications, integrations or generated code, and may change in any release.
 */
package dev.retention.runtime;
