package dev.retention.benchmarks.drain;

import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Drains by their command-line names: {@code sweep-<batch size>}, {@code portable-<batch size>} (the runtime on the
 * generated JPQL only), {@code sweep-auto} and {@code portable-auto} (batches sized by {@code batch-target} 25 ms), {@code unbounded-delete}, {@code remove-loop}.
 */
public final class Drains {

  /** The em.remove loop's page: the size the measurements before this module used. */
  public static final int REMOVE_LOOP_PAGE = 1000;

  private static final Pattern SWEEP = Pattern.compile("(sweep|portable)-(\\d+|" + RuntimeSweep.SIZED + ")");

  private Drains() {}

  /** The drain named {@code name}, for a backlog of {@code expectedRows}. */
  public static Drain named(String name, long expectedRows) {
    Matcher sweep = SWEEP.matcher(name);
    if (sweep.matches()) {
      OptionalInt batchSize = sweep.group(2).equals(RuntimeSweep.SIZED)
          ? OptionalInt.empty()
          : OptionalInt.of(Integer.parseInt(sweep.group(2)));
      return new RuntimeSweep(batchSize, expectedRows, sweep.group(1).equals("portable"));
    }
    return switch (name) {
      case "unbounded-delete" -> new UnboundedDelete();
      case "remove-loop" -> new RemoveLoop(REMOVE_LOOP_PAGE);
      default -> throw new IllegalArgumentException("Unknown strategy '" + name
          + "'; known: sweep-<batch size>, portable-<batch size>, sweep-auto, portable-auto, unbounded-delete,"
          + " remove-loop");
    };
  }
}
