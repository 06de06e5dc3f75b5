package dev.retention.runtime.internal.statement;

import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionPass;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks each pass's condition with the provider when the runtime is built: the processor checked that every attribute
 * it names exists, but only the provider can say whether the whole expression is valid JPQL for the entity (the types
 * compared, the functions called). A condition it refuses would fail every sweep; it fails {@code build()} instead.
 */
public final class Conditions {

  private Conditions() {}

  /**
   * Has the provider compile the count statement of every pass with a condition, without running it.
   *
   * @throws RetentionConfigurationException naming each pass whose condition the provider refuses, with its reason
   */
  public static void check(EntityManagerFactory emf, List<RetentionPass<?>> passes) {
    List<String> problems = new ArrayList<>();
    for (RetentionPass<?> pass : passes) {
      if (pass.condition().isEmpty()) {
        continue;
      }
      String entityName = emf.getMetamodel().entity(pass.entityType()).getName();
      String jpql = "select count(e) from " + entityName + " e where (" + pass.condition().get() + ")";
      EntityManager em = emf.createEntityManager();
      try {
        em.createQuery(jpql, Long.class);
      } catch (RuntimeException refused) {
        problems.add("Pass " + pass.name() + ": the provider refuses its condition (@Ttl(when = \""
            + pass.condition().get() + "\")): " + refused.getMessage());
      } finally {
        em.close();
      }
    }
    if (!problems.isEmpty()) {
      throw new RetentionConfigurationException(problems);
    }
  }
}
