/**
 * Tenants: how the factory keeps them apart ({@code Tenancy}, asked of the provider once at build), the tenants the
 * application names, re-read each round, and running work as one of them ({@code TenantAccess}): the runtime's
 * sessions are opened for the tenant bound to the sweeping thread ({@code TenantSessions}), in one place, the factory
 * every sweep opens its entity managers from ({@code TenantFactory}).
 *
 * <p>Null-marked: what may be absent says so with {@code @Nullable}, and NullAway checks it at compile time.
 */
@NullMarked
package dev.retention.runtime.internal.tenant;

import org.jspecify.annotations.NullMarked;
