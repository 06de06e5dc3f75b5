/**
 * What Hibernate reveals of JTA (its platform's transaction manager). Loaded only when Hibernate is present.
 */
package dev.retention.runtime.internal.transaction.hibernate;
