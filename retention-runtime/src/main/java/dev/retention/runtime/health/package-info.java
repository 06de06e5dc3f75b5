/**
 * One health model and one view for every integration: what the recent sweeps of each pass say about the runtime,
 * computed here once, so that the Spring Boot 3 and Spring Boot 4 health indicators and the Quarkus health check agree
 * and only adapt it to their framework.
 *
 * <ul>
 *   <li>{@link dev.retention.runtime.health.SweepHistory} is a {@code SweepListener} that keeps each pass's last sweep
 *       and how many sweeps in a row it has failed;
 *   <li>{@link dev.retention.runtime.health.RetentionHealth} judges a runtime by that history: a pass that failed its
 *       last {@code failures-threshold} sweeps, or a failure that escaped the sweep machinery, makes it
 *       {@link dev.retention.runtime.health.RetentionHealth.Status#FAILING FAILING}; no pass at all is
 *       {@link dev.retention.runtime.health.RetentionHealth.Status#NO_PASS NO_PASS}, said without failing;
 *   <li>{@link dev.retention.runtime.health.RetentionView} describes each pass as plain maps (every option in force,
 *       every fact of its latest report), which the Spring Boot endpoint and the Quarkus route serialize as they are.
 * </ul>
 *
 * <p>It reads only {@code SweepReport}s and the public methods of {@code RetentionRuntime}, never how sweeps run.
 */
package dev.retention.runtime.health;
