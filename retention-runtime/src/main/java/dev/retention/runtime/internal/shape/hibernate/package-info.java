/**
 * Native shapes for Hibernate factories (PostgreSQL's {@code ctid}, {@code SKIP LOCKED}, MariaDB's primary-key
 * delete), and the allow-list of mappings native SQL may compare. Loaded only when Hibernate is present; the only
 * package that refers to Hibernate's statements.
 */
package dev.retention.runtime.internal.shape.hibernate;
