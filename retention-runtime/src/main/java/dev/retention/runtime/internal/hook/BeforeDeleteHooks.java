package dev.retention.runtime.internal.hook;

import dev.retention.runtime.BeforeDelete;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.internal.sweep.StatementShape;
import jakarta.persistence.metamodel.Metamodel;
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
   * Checks that every hook names a discovered pass whose rows can be handed over: a hook for a pass that does not
   * exist would leave rows unarchived that the application means to archive.
   *
   * @throws RetentionConfigurationException naming each such pass
   */
  public void check(List<RetentionPass<?>> passes, Metamodel metamodel) {
    Set<String> names = passes.stream().map(RetentionPass::name).collect(Collectors.toSet());
    List<String> problems = new ArrayList<>();
    for (String passName : hooks.keySet()) {
      if (!names.contains(passName)) {
        problems.add("beforeDelete(\"" + passName + "\", ...) names no pass; passes: " + names.stream().sorted()
            .collect(Collectors.toList()));
      }
    }
    for (RetentionPass<?> pass : passes) {
      if (hooks.containsKey(pass.name()) && isManaged(pass, metamodel) && !shape(pass, metamodel).supports(pass)) {
        problems.add("beforeDelete(\"" + pass.name() + "\", ...): the pass deletes by a composite id with bulk"
            + " statements, whose rows cannot be handed to a hook; give the entity a single id attribute or an"
            + " @EmbeddedId");
      }
    }
    if (!problems.isEmpty()) {
      throw new RetentionConfigurationException(problems);
    }
  }

  /** The shape that calls the pass's hooks, when it has any. */
  public Optional<StatementShape> shapeFor(RetentionPass<?> pass, Metamodel metamodel) {
    return hooks.containsKey(pass.name()) ? Optional.of(shape(pass, metamodel)) : Optional.empty();
  }

  private HookedShape shape(RetentionPass<?> pass, Metamodel metamodel) {
    List<BeforeDelete> passHooks = List.copyOf(hooks.get(pass.name()));
    BeforeDelete all = passHooks.size() == 1 ? passHooks.get(0) : (em, rows) -> {
      for (BeforeDelete hook : passHooks) {
        hook.beforeDelete(em, rows);
      }
    };
    return new HookedShape(metamodel, all);
  }

  private static boolean isManaged(RetentionPass<?> pass, Metamodel metamodel) {
    try {
      metamodel.entity(pass.entityType());
      return true;
    } catch (IllegalArgumentException notThisUnit) {
      return false;
    }
  }
}
