/**
 * Where sweep events go: the log, Flight Recorder, and the application's listeners, each on a thread of its own so
 * that a stuck listener loses events rather than holding a sweep.
 */
package dev.retention.runtime.internal.report;
