package dev.retention.runtime.internal.pass;

import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.Scope;
import dev.retention.runtime.generated.Cutoff;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Checks each pass's condition when the runtime is built, in two steps.
 *
 * <ol>
 *   <li>It must be one balanced expression: every statement puts it in parentheses after the date, {@code ttl <=
 *       :cutoff and (condition)}, so a condition whose parentheses close early ({@code e.a = 1) or (e.b = 2}) would
 *       escape them and delete rows whatever their date. Parentheses are counted outside string literals.
 *   <li>The provider must accept it: the processor checked that every attribute it names exists, but only the provider
 *       can say whether the whole expression is valid JPQL for the entity (the types compared, the functions called).
 *       The check runs the pass's count at a cutoff in 1970, not only compiles it: EclipseLink accepts some conditions
 *       when the query is created and refuses them when it runs (a string literal compared with an enum attribute,
 *       which Hibernate accepts). The cutoff keeps the count to an index probe.
 * </ol>
 *
 * A condition that fails either would fail every sweep, or worse; it fails {@code build()} instead.
 */
public final class Conditions {

  /** A cutoff before any row a real table holds, so that the check counts next to nothing. */
  private static final Cutoff LONG_AGO = Cutoff.of(Instant.EPOCH, ZoneOffset.UTC);

  private Conditions() {}

  /**
   * Checks every pass with a condition.
   *
   * @throws RetentionConfigurationException naming each pass whose condition is not one balanced expression or that the
   *     provider refuses, with its reason
   */
  public static void check(EntityManagerFactory emf, List<PassModel> passes) {
    List<String> problems = new ArrayList<>();
    for (PassModel pass : passes) {
      if (pass.condition().isEmpty()) {
        continue;
      }
      String condition = pass.condition().get();
      Optional<String> unbalanced = unbalanced(condition);
      if (unbalanced.isPresent()) {
        problems.add("Pass " + pass.name() + ": its condition (@Ttl(when = \"" + condition + "\")) " + unbalanced.get()
            + "; a condition must be one balanced boolean expression, or it would escape the date it is joined to."
            + " Fix it and compile again");
        continue;
      }
      ExpiredRows rows = pass.expiredAt(LONG_AGO, Scope.all());
      EntityManager em = emf.createEntityManager();
      try {
        rows.bind(em.createQuery("select count(e) from " + pass.entityName() + " e where " + rows.jpql(), Long.class))
            .getSingleResult();
      } catch (RuntimeException refused) {
        problems.add("Pass " + pass.name() + ": the provider refuses its condition (@Ttl(when = \"" + condition
            + "\")): " + refused.getMessage());
      } finally {
        em.close();
      }
    }
    if (!problems.isEmpty()) {
      throw new RetentionConfigurationException(problems);
    }
  }

  /**
   * Why {@code condition} is not one balanced expression, or empty when it is: a parenthesis closed that was not open,
   * a parenthesis left open, or a string literal left open. A quote inside a literal is written twice ({@code ''}).
   */
  static Optional<String> unbalanced(String condition) {
    int depth = 0;
    boolean inLiteral = false;
    for (int i = 0; i < condition.length(); i++) {
      char c = condition.charAt(i);
      if (c == '\'') {
        inLiteral = !inLiteral; // '' inside a literal closes and reopens it: the count is the same
      } else if (!inLiteral && c == '(') {
        depth++;
      } else if (!inLiteral && c == ')') {
        if (--depth < 0) {
          return Optional.of("closes a parenthesis it did not open, at character " + (i + 1));
        }
      }
    }
    if (inLiteral) {
      return Optional.of("leaves a string literal open");
    }
    if (depth > 0) {
      return Optional.of("leaves " + depth + (depth == 1 ? " parenthesis" : " parentheses") + " open");
    }
    return condition.isBlank() ? Optional.of("is empty") : Optional.empty();
  }
}
