package dev.retention.runtime.internal.statement;

import dev.retention.runtime.Cutoff;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionPass;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks each pass's condition with the provider when the runtime is built: the processor checked that every attribute
 * it names exists, but only the provider can say whether the whole expression is valid JPQL for the entity (the types
 * compared, the functions called). A condition it refuses would fail every sweep; it fails {@code build()} instead.
 *
 * <p>The check runs the pass's count of expired rows at a cutoff in 1970, not only compiles it: EclipseLink accepts
 * some conditions when the query is created and refuses them when it runs (a string literal compared with an enum
 * attribute, {@code e.status = 'FINISHED'}, which Hibernate accepts). The cutoff keeps the count to an index probe.
 */
public final class Conditions {

  /** A cutoff before any row a real table holds, so that the check counts next to nothing. */
  private static final Cutoff LONG_AGO = Cutoff.of(Instant.EPOCH, ZoneOffset.UTC);

  private Conditions() {}

  /**
   * Has the provider compile and run the count statement of every pass with a condition, at a cutoff in 1970.
   *
   * @throws RetentionConfigurationException naming each pass whose condition the provider refuses, with its reason
   */
  public static void check(EntityManagerFactory emf, List<RetentionPass<?>> passes) {
    List<String> problems = new ArrayList<>();
    for (RetentionPass<?> pass : passes) {
      if (pass.condition().isEmpty()) {
        continue;
      }
      PassStatements statements = PassStatements.of(emf.getMetamodel(), pass);
      EntityManager em = emf.createEntityManager();
      try {
        statements.bind(em.createQuery(statements.countExpired(), Long.class), pass.cutoffValue(LONG_AGO))
            .getSingleResult();
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
