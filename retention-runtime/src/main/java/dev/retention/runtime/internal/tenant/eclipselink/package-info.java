/**
 * What EclipseLink says of a factory's {@code @Multitenant} entities: how each keeps tenants apart, and by which
 * property.
 */
package dev.retention.runtime.internal.tenant.eclipselink;
