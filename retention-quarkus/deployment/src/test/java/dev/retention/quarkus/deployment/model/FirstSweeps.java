package dev.retention.quarkus.deployment.model;

import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import jakarta.inject.Singleton;
import java.util.concurrent.CompletableFuture;

/** An application's listener bean: the extension registers it with the runtime. Completes with the first report. */
@Singleton
public class FirstSweeps implements SweepListener {

  private final CompletableFuture<SweepReport> first = new CompletableFuture<>();

  @Override
  public void sweepFinished(SweepReport report) {
    first.complete(report);
  }

  public CompletableFuture<SweepReport> first() {
    return first;
  }
}
