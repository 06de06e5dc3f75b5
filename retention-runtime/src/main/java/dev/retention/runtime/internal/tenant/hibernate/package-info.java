/** What Hibernate says of a factory's multi-tenancy: whether its sessions belong to a tenant. */
package dev.retention.runtime.internal.tenant.hibernate;
