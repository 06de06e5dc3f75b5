package dev.retention.runtime.internal.pass;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * A condition is written over {@code e}; the application's live queries name their entity otherwise, and the
 * condition must read the same attributes there, and the same literals.
 */
class ConditionOnAliasTest {

  @Test
  void everyPathFromTheEntityTakesTheAlias() {
    assertEquals("t.status = com.acme.JobStatus.FINISHED and t.member.active = false and type(t) = Job",
        ExpiredRows.onAlias("e.status = com.acme.JobStatus.FINISHED and e.member.active = false and type(e) = Job",
            "t"));
  }

  @Test
  void literalsAndNamesThatMerelyContainAnEAreKept() {
    assertEquals("t.name = 'e.x' and t.note <> 'it''s e' and t.e2 = 1 and upper(t.code) = 'E'",
        ExpiredRows.onAlias("e.name = 'e.x' and e.note <> 'it''s e' and e.e2 = 1 and upper(e.code) = 'E'", "t"));
  }

  @Test
  void theAliasEChangesNothing() {
    assertEquals("e.a = 'e'", ExpiredRows.onAlias("e.a = 'e'", "e"));
  }
}
