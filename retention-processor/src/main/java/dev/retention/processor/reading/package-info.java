/**
 * Reading elements: annotations by name, an entity's hierarchy, its {@code @Ttl} and id members, and the temporal type
 * an attribute's Java type and annotations make; no checks, no messages. It depends on no other package of the
 * processor.
 */
package dev.retention.processor.reading;
