package dev.retention.runtime.internal.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.runtime.StatementShape;
import dev.retention.runtime.internal.shape.PortableShape;
import dev.retention.runtime.internal.shape.ShapeChoice;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The facts are read before each sweep; the statements are chosen again once per change, and an unread catalog fails. */
class StatementWatchTest {

  @Test
  void theStatementsAreChosenAgainOncePerChangeOfTheFacts() {
    AtomicReference<String> facts = new AtomicReference<>("r deterministic");
    AtomicInteger chosen = new AtomicInteger();
    StatementWatch watch = new StatementWatch("p", facts::get, "r deterministic", () -> {
      chosen.incrementAndGet();
      return new StatementWatch.Chosen(null, new ShapeChoice.Choice(PortableShape.INSTANCE, List.of()));
    });
    assertTrue(watch.check().isEmpty(), "nothing changed");
    assertEquals(0, chosen.get());
    facts.set("r nondeterministic");
    assertEquals(StatementShape.PORTABLE_JPQL, watch.check().orElseThrow().choice().shape().kind());
    assertTrue(watch.check().isEmpty(), "chosen on the new facts");
    assertEquals(1, chosen.get());
  }

  @Test
  void aCatalogThatCannotBeReadFailsTheCheck() {
    StatementWatch watch = new StatementWatch("p", () -> {
      throw new IllegalStateException("connection refused");
    }, "r", () -> {
      throw new AssertionError("not chosen again");
    });
    assertThrows(IllegalStateException.class, watch::check);
  }
}
