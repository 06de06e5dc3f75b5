/**
 * How the provider stores a {@code @Ttl} attribute, asked of its own model when it is present: an attribute it does
 * not store as a date fails {@code build()}.
 */
package dev.retention.runtime.internal.mapping;
