package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.generated.Cutoff;
import dev.retention.runtime.generated.GeneratedPass;
import dev.retention.runtime.generated.PassDescriptor;
import java.time.Duration;
import java.time.Instant;

/** The pass the processor would generate for {@link LoopNote}: 30 days after {@code createdAt}, by tenant or not. */
final class LoopNotePass extends GeneratedPass {

  static final Duration WINDOW = Duration.ofDays(30);

  private LoopNotePass(PassDescriptor descriptor) {
    super(descriptor);
  }

  static LoopNotePass unscoped() {
    return new LoopNotePass(described());
  }

  static LoopNotePass byTenant() {
    return new LoopNotePass(described().scope("tenant"));
  }

  private static PassDescriptor described() {
    return PassDescriptor.entity(LoopNote.class, "LoopNote").id("id").ttl("createdAt", WINDOW)
        .bulkStatements("it has no removal callbacks, entity listeners, cascades or orphan removal");
  }

  @Override
  public Instant cutoffValue(Cutoff cutoff) {
    return cutoff.toInstant();
  }
}
