package dev.retention.benchmarks.report;

/**
 * One processor's cost: one generated module of entities compiled with and without it.
 *
 * @param compiler how javac ran: {@code forked} (a javac process per compilation, cold like a build's first module) or
 *     {@code in-process} (javac warm in this JVM; the processor still loaded afresh each time, so its share is larger)
 * @param processor {@code retention}, or {@code hibernate-processor}, the anchor
 * @param entities entities in the module
 * @param runs measured compilations of each kind, alternating, after warm-up ones
 * @param withoutMedianMillis median time without any processor ({@code -proc:none})
 * @param withMedianMillis median time with this processor on the processor path
 * @param pregeneratedMedianMillis median time of the entities plus the processor's output, without the processor: the
 *     part of the overhead that is compiling the generated code rather than generating it
 * @param withoutCpuMillis, withCpuMillis, pregeneratedCpuMillis the same three in CPU time: of the whole javac
 *     process when forked, of the compiling thread in process. On a machine shared with other work the clock measures
 *     the neighbours too; the targets are judged on CPU time
 * @param generatedFiles source files the processor wrote in one compilation
 */
public record CompileResult(String compiler, String processor, int entities, int runs, double withoutMedianMillis,
    double withMedianMillis, double pregeneratedMedianMillis, double withoutCpuMillis, double withCpuMillis,
    double pregeneratedCpuMillis, int generatedFiles) {

  /** Time with the processor over time without it. */
  public double ratio() {
    return withMedianMillis / withoutMedianMillis;
  }

  /** What the processor adds to the compilation, in milliseconds of CPU time. */
  public double overheadCpuMillis() {
    return withCpuMillis - withoutCpuMillis;
  }

  /**
   * The processor's own work per entity, in milliseconds of CPU time: the compilation with it, less compiling its
   * output without it.
   */
  public double processingCpuMillisPerEntity() {
    return (withCpuMillis - pregeneratedCpuMillis) / entities;
  }
}
