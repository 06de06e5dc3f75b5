package dev.retention.runtime.internal.assembly;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.internal.config.Durations;
import dev.retention.runtime.internal.schedule.StartupStagger;
import dev.retention.runtime.internal.sweep.Sweeper;
import java.util.List;
import java.util.Optional;

/** The line the runtime logs when it starts: every enabled pass, its window, schedule and statements, and why. */
public final class StartLine {

  /** What the runtime logs at WARNING when it finds no pass at all. */
  public static final String NO_PASSES = "Retention found no pass: no generated registry is on the class path, or none"
      + " of its entities belongs to this EntityManagerFactory. Most often retention-processor did not run: it belongs"
      + " on the compiler's annotationProcessorPaths (JDK 23 and later no longer run processors found on the class"
      + " path). See the user guide, \"The runtime finds no pass\" (docs/reference/troubleshooting.md)";

  private StartLine() {}

  /**
   * The start line of a runtime over {@code passes}, of which the {@code enabled} sweep, in {@code transactions}.
   *
   * @param databaseNote what it says of the database, where that is worth a word (a dialect that names another)
   */
  public static String of(List<RetentionPass> passes, List<Sweeper> enabled, String transactions,
      Optional<String> databaseNote) {
    if (passes.isEmpty()) {
      return NO_PASSES;
    }
    StringBuilder text = new StringBuilder("Retention started: ").append(enabled.size())
        .append(enabled.size() == 1 ? " pass" : " passes").append(" enabled of ").append(passes.size())
        .append(", batches in ").append(transactions);
    databaseNote.ifPresent(note -> text.append("; ").append(note));
    if (!enabled.isEmpty()) {
      text.append("; ").append(enabled.get(0).describeInstances());
      String tenants = enabled.get(0).describeTenants();
      if (!tenants.isEmpty()) {
        text.append("; ").append(tenants);
      }
    }
    for (Sweeper sweeper : enabled) {
      PassSettings settings = sweeper.settings();
      RetentionPass pass = sweeper.model().pass();
      text.append(System.lineSeparator()).append("  ").append(settings.pass())
          .append(settings.retention().isZero() ? ": expires at its attribute"
              : ": retention " + Durations.format(settings.retention()))
          .append(RuntimeAssembly.shortened(pass, settings)
              ? " (shortened from the compiled " + Durations.format(pass.expireAfter()) + ")"
              : "")
          .append(", every ").append(Durations.format(settings.effectiveInterval()))
          .append(", first sweep in ").append(Durations.format(
              StartupStagger.offset(settings.pass(), settings.maxStartupStagger())))
          // Says which option delays it: a newcomer's short main otherwise ends before the first sweep, wondering why.
          .append(settings.maxStartupStagger().isZero() ? ""
              : " (within max-startup-stagger " + Durations.format(settings.maxStartupStagger()) + ")")
          .append(settings.dryRun() ? ", dry run" : "")
          .append(sweeper.describeScopes())
          .append(sweeper.describeTenantLook())
          .append(", ").append(sweeper.describeStatements())
          .append(sweeper.describePacing());
    }
    return text.toString();
  }
}
