package dev.retention.benchmarks.suite;

import java.time.Duration;
import javax.tools.ToolProvider;

/**
 * javac in a JVM of its own, as the forked compilations run it, that prints the CPU time of its whole process (every
 * thread: javac's, the JIT compilers', the garbage collector's) as its last line. On a machine shared with other work
 * the wall-clock time of a compilation measures the neighbours as much as javac; the CPU time much less so.
 */
public final class CpuTimedJavac {

  /** The prefix of the line that reports the CPU time, in nanoseconds. */
  static final String CPU_LINE = "cpu-nanos=";

  private CpuTimedJavac() {}

  public static void main(String[] arguments) {
    int exitCode = ToolProvider.getSystemJavaCompiler().run(null, System.out, System.err, arguments);
    Duration cpu = ProcessHandle.current().info().totalCpuDuration().orElse(Duration.ZERO);
    System.out.println(CPU_LINE + cpu.toNanos());
    System.exit(exitCode);
  }
}
