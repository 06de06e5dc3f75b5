package dev.retention.runtime;

import java.time.Duration;

/**
 * One committed batch of a sweep.
 *
 * @param pass the pass's name
 * @param number the batch's number in its sweep, from 1
 * @param deleted rows the batch deleted
 * @param duration how long the batch took, its transaction included
 * @param batchSize the most rows the batch was allowed: {@code batch-size} when set, otherwise the size the runtime
 *     chose from {@code batch-target}
 */
public record BatchReport(String pass, int number, int deleted, Duration duration, int batchSize) {}
