/**
 * How the provider stores a {@code @Ttl} attribute, asked of its own model when it is present: an attribute it does
 * not store as a date fails {@code build()}; one it stores as text is judged by the database alone. And the entity
 * behind a provider's proxy, for the application's reads.
 */
package dev.retention.runtime.internal.mapping;
