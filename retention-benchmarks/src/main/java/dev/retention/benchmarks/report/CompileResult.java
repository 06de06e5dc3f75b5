package dev.retention.benchmarks.report;

/**
 * The processor's cost: one generated module of entities compiled in-process with and without the processor.
 *
 * @param entities entities in the module
 * @param runs measured compilations of each kind, alternating, after warm-up ones
 * @param withoutMedianMillis median time without the processor ({@code -proc:none})
 * @param withMedianMillis median time with it on the processor path
 * @param generatedFiles source files the processor wrote in one compilation (a pass per entity and a registry)
 */
public record CompileResult(int entities, int runs, double withoutMedianMillis, double withMedianMillis,
    int generatedFiles) {

  /** Time with the processor over time without it. */
  public double ratio() {
    return withMedianMillis / withoutMedianMillis;
  }
}
