package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.internal.pacing.Pacing;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.scope.ScopeWindowing;
import dev.retention.runtime.internal.shape.Shape;
import org.jspecify.annotations.Nullable;

/**
 * What the runs of one pass's sweeps share: the runtime's environment, the pass, its settings and shape, and the
 * windows of its scopes.
 *
 * @param scopeWindows the windows of the pass's scopes; null for a pass without a scope attribute
 * @param pacing what its batches wait for before they start
 */
record PassSweep(SweepEnvironment environment, PassModel model, PassSettings settings, Shape shape,
    @Nullable ScopeWindowing scopeWindows, Pacing pacing) {

  String name() {
    return model.name();
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
