package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.shape.CatalogWatch;
import dev.retention.runtime.internal.shape.ShapeChoice;
import java.lang.System.Logger.Level;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Keeps a pass's statements true to the database's catalog: what they were chosen on (a plain table, the scope
 * column's type and collation, the indexes) is read again before each sweep, in one statement, and where it reads
 * otherwise (a migration run without a restart: a collation made nondeterministic, the table partitioned or given a
 * child), the pass's statements are chosen again, as at {@code build()}, before any batch runs; the log says so once
 * per change. A choice made on facts that no longer hold is never used for another batch.
 */
public final class StatementWatch {

  private static final System.Logger LOGGER = System.getLogger(StatementWatch.class.getName());

  /** Nothing is watched: the statements chosen at {@code build()} stay. */
  public static final StatementWatch NONE = new StatementWatch("", CatalogWatch.NONE, "", () -> {
    throw new IllegalStateException("nothing is watched, so nothing is chosen again");
  });

  /**
   * The pass and its statements, chosen again.
   *
   * @param model the pass, with how the database compares its scope column now
   * @param choice its statements, and why faster ones stepped aside
   */
  public record Chosen(PassModel model, ShapeChoice.Choice choice) {}

  private final String pass;
  private final CatalogWatch catalog;
  private final Supplier<Chosen> chooseAgain;
  /** The facts the pass's statements were last chosen on. */
  private String chosenOn;

  /**
   * @param chosenOn the facts as read before the pass's statements were first chosen
   * @param chooseAgain chooses the pass's statements on the catalog as it stands
   */
  public StatementWatch(String pass, CatalogWatch catalog, String chosenOn, Supplier<Chosen> chooseAgain) {
    this.pass = pass;
    this.catalog = catalog;
    this.chosenOn = chosenOn;
    this.chooseAgain = chooseAgain;
  }

  /**
   * Reads the facts (one statement) and, where they changed since the last choice, chooses the pass's statements again.
   *
   * @return the new choice; empty when nothing changed
   * @throws RuntimeException when the catalog cannot be read: the sweep fails, and no batch runs on facts unknown
   */
  synchronized Optional<Chosen> check() {
    if (catalog == CatalogWatch.NONE) {
      return Optional.empty();
    }
    String now = catalog.read();
    if (now.equals(chosenOn)) {
      return Optional.empty();
    }
    String was = chosenOn;
    Chosen chosen = chooseAgain.get();
    chosenOn = now;
    LOGGER.log(Level.WARNING, () -> "Pass " + pass + ": the database's catalog changed since its statements were"
        + " chosen (was: " + was + "; now: " + now + "); they are now " + chosen.choice().describe());
    return Optional.of(chosen);
  }
}
