package dev.retention.runtime.internal.hook;

import dev.retention.runtime.BeforeDelete;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionPass;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** The before-delete hooks registered on a runtime's builder, by pass name, in the order registered. */
public final class BeforeDeleteHooks {

  private final Map<String, List<BeforeDelete>> hooks = new LinkedHashMap<>();

  public void add(String passName, BeforeDelete hook) {
    hooks.computeIfAbsent(passName, name -> new ArrayList<>()).add(hook);
  }

  /**
   * Checks that every hook names a discovered pass: a hook for a pass that does not exist would leave rows unarchived
   * that the application means to archive.
   *
   * @throws RetentionConfigurationException naming each such pass
   */
  public void check(List<? extends RetentionPass> passes) {
    Set<String> names = passes.stream().map(RetentionPass::name).collect(Collectors.toSet());
    List<String> problems = new ArrayList<>();
    for (String passName : hooks.keySet()) {
      if (!names.contains(passName)) {
        problems.add("beforeDelete(\"" + passName + "\", ...) names no pass; passes: " + names.stream().sorted()
            .collect(Collectors.toList()));
      }
    }
    if (!problems.isEmpty()) {
      throw new RetentionConfigurationException(problems);
    }
  }

  /** The hooks of the pass named {@code passName}, as one hook that calls them in order; empty when it has none. */
  public Optional<BeforeDelete> hookOf(String passName) {
    List<BeforeDelete> passHooks = hooks.get(passName);
    if (passHooks == null) {
      return Optional.empty();
    }
    List<BeforeDelete> inOrder = List.copyOf(passHooks);
    return Optional.of(inOrder.size() == 1 ? inOrder.get(0) : (em, rows) -> {
      for (BeforeDelete hook : inOrder) {
        hook.beforeDelete(em, rows);
      }
    });
  }
}
