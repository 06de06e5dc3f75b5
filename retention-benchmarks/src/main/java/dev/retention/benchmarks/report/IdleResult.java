package dev.retention.benchmarks.report;

/**
 * Sweeps of a table with nothing expired: what a sweep costs when it has no work.
 *
 * @param database the database's key
 * @param layout the layout's key
 * @param tableRows rows in the table, none expired at the sweeps' cutoff
 * @param sweeps measured sweeps (after a few unmeasured ones)
 * @param medianMillis median sweep duration as the runtime reports it (the batch select and the lag query)
 * @param p90Millis 90th percentile
 * @param maxMillis longest
 */
public record IdleResult(
    String database, String layout, long tableRows, int sweeps, double medianMillis, double p90Millis,
    double maxMillis) {}
