/**
 * Finding the generated registries through {@code ServiceLoader}, and failing clearly on a broken registration.
 */
package dev.retention.runtime.internal.discovery;
