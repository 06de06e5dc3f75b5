package dev.retention.runtime;

import java.time.Duration;

/**
 * One committed batch of a sweep.
 *
 * @param pass the pass's name
 * @param number the batch's number in its sweep, from 1
 * @param deleted rows the batch deleted
 * @param duration how long the batch took, its transaction included
 */
public record BatchReport(String pass, int number, int deleted, Duration duration) {}
