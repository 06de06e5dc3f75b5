/**
 * Reading elements: annotations by name, an entity's hierarchy, its {@code @Ttl} and id members; no checks, no
 * messages.
 */
package dev.retention.processor.reading;
