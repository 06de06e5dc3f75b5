package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.scope.ScopeWindowing;
import dev.retention.runtime.internal.shape.Shape;

/**
 * What the runs of one pass's sweeps share: the runtime's environment, the pass, its settings and shape, and the
 * windows of its scopes.
 *
 * @param scopes the windows of the pass's scopes; null for a pass without a scope attribute
 */
record PassSweep(SweepEnvironment environment, PassModel model, PassSettings settings, Shape shape,
    ScopeWindowing scopes) {

  String name() {
    return model.name();
  }
}
