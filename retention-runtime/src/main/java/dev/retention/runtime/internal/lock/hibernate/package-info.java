/**
 * The passes' locks on a Hibernate factory: the session lock its database's profile names, on a connection of its own.
 */
package dev.retention.runtime.internal.lock.hibernate;
