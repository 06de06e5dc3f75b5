/**
 * Options: binding keys from configuration and code into each pass's settings, with every problem named, durations as
 * written, and suggestions for misspelt keys.
 */
package dev.retention.runtime.internal.config;
