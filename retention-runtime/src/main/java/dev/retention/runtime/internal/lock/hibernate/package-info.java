/** The passes' locks on a Hibernate factory: PostgreSQL advisory locks and MariaDB/MySQL named locks. */
package dev.retention.runtime.internal.lock.hibernate;
