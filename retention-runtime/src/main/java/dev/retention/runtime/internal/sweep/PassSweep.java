package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.internal.pacing.Pacing;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.scope.ScopeWindowing;
import dev.retention.runtime.internal.shape.Shape;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;

/**
 * What the runs of one pass's sweeps share: the runtime's environment, the pass and its shape (chosen again where the
 * database's catalog changed under them, {@link StatementWatch}), its settings, and the windows of its scopes.
 *
 * @param statements the pass's model and shape as last chosen
 * @param scopeWindows the windows of the pass's scopes; null for a pass without a scope attribute
 * @param pacing what its batches wait for before they start
 */
record PassSweep(SweepEnvironment environment, AtomicReference<Statements> statements, PassSettings settings,
    @Nullable ScopeWindowing scopeWindows, Pacing pacing) {

  /**
   * The pass as its statements were chosen on (how the database compares its scope), and the shape chosen.
   *
   * @param model the pass, with how the database compares its scope column
   * @param shape the statements its batches delete with
   */
  record Statements(PassModel model, Shape shape) {}

  PassSweep(SweepEnvironment environment, PassModel model, PassSettings settings, Shape shape,
      @Nullable ScopeWindowing scopeWindows, Pacing pacing) {
    this(environment, new AtomicReference<>(new Statements(model, shape)), settings, scopeWindows, pacing);
  }

  /** The pass, with how the database compares its scope column as its statements were last chosen on. */
  PassModel model() {
    return current().model();
  }

  /** The statements the pass's batches delete with, as last chosen. */
  Shape shape() {
    return current().shape();
  }

  private Statements current() {
    return Objects.requireNonNull(statements.get(), "a pass always has statements");
  }

  String name() {
    return model().name();
  }

  /** Whether the pass has a {@code @TtlScope} attribute. */
  boolean scoped() {
    return scopeWindows != null;
  }

  /** The windows of the pass's scopes; asked only on a scoped pass's paths. */
  ScopeWindowing scopes() {
    if (scopeWindows == null) {
      throw new IllegalStateException("Pass " + name() + " has no @TtlScope attribute");
    }
    return scopeWindows;
  }
}
