package dev.retention.processor.validation;

import java.util.Optional;

/**
 * Whether the text of {@code @Ttl(when = ...)} is one balanced expression. The runtime puts it in parentheses after the
 * date's comparison ({@code e.ttl <= :cutoff and (<condition>)}); a condition that closes a parenthesis it never
 * opened, such as {@code e.a = 1) or (e.b = 2}, would close that one instead and let its {@code or} escape the date, so
 * rows that are not expired would go. Parentheses are counted outside string literals, which JPQL writes in single
 * quotes with {@code ''} for a quote inside one.
 *
 * <p>The count must see the parentheses the provider sees. Hibernate's HQL also reads a comment (slash and star to
 * star and slash), a string literal in double quotes, and a quote after a backslash inside a literal, none of which
 * JPQL has: a parenthesis there would be counted here and skipped by Hibernate, or the other way round. A condition
 * with any of them is refused, with the standard way to write it.
 */
final class ConditionSyntax {

  /** What is wrong with a condition's text, as a catalogue entry and the words that fill in its detail. */
  record Flaw(Message message, String detail) {}

  private ConditionSyntax() {}

  /** The first flaw of {@code condition}, reading it from the start; empty when it is one balanced expression. */
  static Optional<Flaw> flaw(String condition) {
    int depth = 0;
    int literalStart = -1;
    for (int i = 0; i < condition.length(); i++) {
      char c = condition.charAt(i);
      if (literalStart >= 0) {
        if (c == '\\' && i + 1 < condition.length() && condition.charAt(i + 1) == '\'') {
          return unclear("has a backslash before a quote at character " + (i + 1) + ", inside a string literal:"
              + " Hibernate reads it as a quote within the literal, JPQL as the literal's end");
        }
        if (c == '\'') {
          if (i + 1 < condition.length() && condition.charAt(i + 1) == '\'') {
            i++; // '' is a quote inside the literal
          } else {
            literalStart = -1;
          }
        }
        continue;
      }
      switch (c) {
        case '\'' -> literalStart = i;
        case '(' -> depth++;
        case ')' -> {
          if (--depth < 0) {
            return unbalanced("closes a parenthesis at character " + (i + 1) + " that it never opened");
          }
        }
        case '"' -> {
          return unclear("has a double quote at character " + (i + 1) + ": Hibernate reads \"...\" as a string"
              + " literal, JPQL does not");
        }
        case '/' -> {
          if (i + 1 < condition.length() && condition.charAt(i + 1) == '*') {
            return unclear("has a comment at character " + (i + 1) + ": Hibernate skips /* ... */, JPQL does not");
          }
        }
        default -> { }
      }
    }
    if (literalStart >= 0) {
      return unbalanced("has a string literal at character " + (literalStart + 1) + " that never ends");
    }
    if (depth > 0) {
      return unbalanced("leaves " + (depth == 1 ? "a parenthesis" : depth + " parentheses") + " open");
    }
    return Optional.empty();
  }

  private static Optional<Flaw> unbalanced(String detail) {
    return Optional.of(new Flaw(Message.CONDITION_UNBALANCED, detail));
  }

  private static Optional<Flaw> unclear(String detail) {
    return Optional.of(new Flaw(Message.CONDITION_UNCLEAR, detail));
  }
}
