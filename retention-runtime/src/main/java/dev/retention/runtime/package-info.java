/**
 * The user's API: {@link dev.retention.runtime.RetentionRuntime} and its builder, the options, the reports and
 * listeners, before-delete hooks, windows of scopes, and the two exceptions. Everything else is for generated code
 * ({@code generated}), the health model and the view that applications and integrations show ({@code health}),
 * support that only integrations need ({@code integration}: the reading of {@code RETENTION_*} variables, say), or
 * internal: the packages under {@code dev.retention.runtime.internal} are the runtime's machinery, never named by
 * applications, integrations or generated code, and may change in any release.
 */
package dev.retention.runtime;
