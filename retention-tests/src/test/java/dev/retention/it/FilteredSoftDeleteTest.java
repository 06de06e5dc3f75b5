package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.restricted.HeldSoftNote;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionRuntime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The purge past {@code @SoftDelete} skips Hibernate's marker on purpose, and nothing else: an entity Hibernate also
 * restricts by an auto-enabled filter cannot be purged without deleting the rows the filter hides, and no other
 * statement purges it, so {@code build()} fails, naming what Hibernate restricts by.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class FilteredSoftDeleteTest extends DatabaseSuite {

  FilteredSoftDeleteTest(TestDatabase.Kind kind) {
    super(kind, Instant.parse("2026-04-01T00:00:00Z"), HeldSoftNote.class);
  }

  @Test
  void aSoftDeletedEntityUnderAFilterIsRefusedAtBuild() {
    RetentionConfigurationException refused = assertThrows(RetentionConfigurationException.class,
        () -> RetentionRuntime.builder(emf).clock(clock).build());
    assertTrue(refused.getMessage().contains(HeldSoftNote.class.getName()) && refused.getMessage().contains(
        "Hibernate restricts its rows by `hold = false`"), refused::getMessage);
  }
}
