/**
 * The before-delete hooks registered on a builder, by pass. The statements that call them are in {@code shape}.
 */
package dev.retention.runtime.internal.hook;
