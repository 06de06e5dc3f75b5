/**
 * Options: binding keys from configuration and code into each pass's settings, with every problem named, durations as
 * written, and suggestions for misspelt keys; the keys environment variables stand for, for the integrations.
 */
@NullMarked
package dev.retention.runtime.internal.config;

import org.jspecify.annotations.NullMarked;
