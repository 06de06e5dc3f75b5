package dev.retention.it.differential;

import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.function.Function;

/**
 * A random {@code when} condition of the differential test, as JPQL over {@code e} and as the test evaluates it in
 * Java with SQL's three values: {@code null} is unknown, and a row expires only where the condition is true.
 */
public abstract class Condition {

  /** The statuses rows have: upper case only, so that no collation merges two of them. */
  public static final List<String> STATUSES = java.util.Arrays.asList("NEW", "DONE", "FAILED", null);
  public static final List<Integer> ATTEMPTS = java.util.Arrays.asList(0, 1, 2, 3, 4, null);
  public static final List<Boolean> FLAGS = java.util.Arrays.asList(true, false, null);

  /** The condition in JPQL, over {@code e}. */
  public abstract String jpql();

  /** TRUE, FALSE, or null for unknown. */
  public abstract Boolean on(Values row);

  /** What a condition reads of a row. */
  public interface Values {
    String status();

    Integer attempts();

    Boolean flag();

    Boolean ownerActive();
  }

  @Override
  public String toString() {
    return jpql();
  }

  /**
   * A pool of {@code size} random conditions of up to {@code depth} levels, which cases draw from: each statement text
   * Hibernate parses once and then finds in its plan cache, where a condition of its own for every case would be
   * parsed afresh by every statement of every case.
   */
  public static List<Condition> pool(Random random, int size, int depth) {
    List<Condition> pool = new java.util.ArrayList<>();
    for (int index = 0; index < size; index++) {
      pool.add(random(random, depth));
    }
    return List.copyOf(pool);
  }

  /** A random condition of up to {@code depth} levels of AND, OR and NOT over the row's attributes and its owner's. */
  public static Condition random(Random random, int depth) {
    if (depth > 0 && random.nextInt(3) > 0) {
      return switch (random.nextInt(3)) {
        case 0 -> and(random(random, depth - 1), random(random, depth - 1));
        case 1 -> or(random(random, depth - 1), random(random, depth - 1));
        default -> not(random(random, depth - 1));
      };
    }
    String status = STATUSES.get(random.nextInt(3));
    int attempts = random.nextInt(5);
    return switch (random.nextInt(15)) {
      case 0 -> atom("e.status = '" + status + "'", row -> equal(row.status(), status));
      case 1 -> atom("e.status <> '" + status + "'", row -> negate(equal(row.status(), status)));
      case 2 -> atom("e.status in ('NEW', 'FAILED')",
          row -> row.status() == null ? null : List.of("NEW", "FAILED").contains(row.status()));
      case 3 -> atom("e.status is null", row -> row.status() == null);
      case 4 -> atom("e.status is not null", row -> row.status() != null);
      case 5 -> atom("e.attempts < " + attempts, row -> row.attempts() == null ? null : row.attempts() < attempts);
      case 6 -> atom("e.attempts >= " + attempts, row -> row.attempts() == null ? null : row.attempts() >= attempts);
      case 7 -> atom("e.attempts is null", row -> row.attempts() == null);
      case 8 -> atom("e.flag = true", row -> equal(row.flag(), true));
      case 9 -> atom("e.flag = false", row -> equal(row.flag(), false));
      case 10 -> atom("e.flag is null", row -> row.flag() == null);
      case 11 -> atom("e.owner.active = true", row -> equal(row.ownerActive(), true));
      case 12 -> atom("e.owner.active = false", row -> equal(row.ownerActive(), false));
      case 13 -> atom("e.owner.active is null", row -> row.ownerActive() == null);
      default -> random.nextBoolean() ? atom("1 = 1", row -> true) : atom("1 = 0", row -> false);
    };
  }

  /** Whether the condition reads the owner, through the to-one association. */
  public boolean readsOwner() {
    return jpql().contains("e.owner.");
  }

  private static Boolean equal(Object value, Object literal) {
    return value == null ? null : Objects.equals(value, literal);
  }

  private static Boolean negate(Boolean value) {
    return value == null ? null : !value;
  }

  /**
   * The condition as an operand of AND, OR or NOT: in parentheses unless it is one comparison. Only as many as needed,
   * since Hibernate's parser takes far longer over every level of them.
   */
  String operand() {
    return compound ? "(" + jpql() + ")" : jpql();
  }

  private boolean compound;

  private static Condition compound(String jpql, Function<Values, Boolean> on) {
    Condition condition = atom(jpql, on);
    condition.compound = true;
    return condition;
  }

  private static Condition atom(String jpql, Function<Values, Boolean> on) {
    return new Condition() {
      @Override
      public String jpql() {
        return jpql;
      }

      @Override
      public Boolean on(Values row) {
        return on.apply(row);
      }
    };
  }

  private static Condition and(Condition left, Condition right) {
    return compound(left.operand() + " and " + right.operand(), row -> {
      Boolean a = left.on(row);
      Boolean b = right.on(row);
      if (Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b)) {
        return false;
      }
      return a == null || b == null ? null : true;
    });
  }

  private static Condition or(Condition left, Condition right) {
    return compound(left.operand() + " or " + right.operand(), row -> {
      Boolean a = left.on(row);
      Boolean b = right.on(row);
      if (Boolean.TRUE.equals(a) || Boolean.TRUE.equals(b)) {
        return true;
      }
      return a == null || b == null ? null : false;
    });
  }

  private static Condition not(Condition inner) {
    return compound("not " + inner.operand(), row -> negate(inner.on(row)));
  }
}
