package dev.retention.benchmarks.report;

import java.util.ArrayList;
import java.util.List;

/** Everything one run measured, gathered as the suites go. Used from the main thread only. */
public final class RunResults {

  public final List<DrainResult> drains = new ArrayList<>();
  /** Drains of the Spring Session-shaped layout, apart from the targets' drains. */
  public final List<DrainResult> sessions = new ArrayList<>();
  public final List<IdleResult> idles = new ArrayList<>();
  public final List<CompileResult> compiles = new ArrayList<>();
  public final List<MemoryResult> memories = new ArrayList<>();
  /** Machine, versions and settings, for the top of the report. */
  public final List<String> environment = new ArrayList<>();
  /** Executed plans of the batch select, per database and layout. */
  public final StringBuilder plans = new StringBuilder();
  /** Databases skipped because their server did not answer. */
  public final List<String> skipped = new ArrayList<>();

  /** Whether something failed: a drain that left rows or lost one, or a backlog not drained under the small heap. */
  public boolean anyFailure() {
    return drains.stream().anyMatch(result -> !result.succeeded())
        || sessions.stream().anyMatch(result -> !result.succeeded())
        || memories.stream().anyMatch(result -> !result.drained());
  }
}
