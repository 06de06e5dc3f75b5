/**
 * The runtime's machinery: not an API. Applications and generated code never name these packages; they may change in
 * any release.
 */
package dev.retention.runtime.internal;
