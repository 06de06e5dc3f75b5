package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.mapping.BytesRow;
import dev.retention.it.shapes.ZonedDateTimeRow;
import dev.retention.it.support.EveryProvider;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.JpaProvider;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionRuntime;
import jakarta.persistence.EntityManagerFactory;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A {@code @Ttl} attribute the provider stores as bytes, not as a date, is refused when the runtime is built, with
 * the pass, the attribute, the provider and what to do: its rows would otherwise be compared as bytes.
 */
@EveryProvider
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class ProviderMappingTest {

  @Parameter
  TestDatabase.Kind kind;

  TestDatabase database;
  EntityManagerFactory emf;

  @BeforeEach
  void openDatabase() {
    database = TestDatabase.create(kind);
    emf = Jpa.factory(database, List.of(BytesRow.class, BytesRow.InstantAsBytes.class, ZonedDateTimeRow.class));
  }

  @AfterEach
  void closeDatabase() throws Exception {
    if (emf != null) {
      emf.close();
    }
    if (database != null) {
      database.close();
    }
  }

  @Test
  void anAttributeStoredAsBytesIsRefusedAtBuildNamingPassAttributeProviderAndTheFix() {
    RetentionConfigurationException refused =
        assertThrows(RetentionConfigurationException.class, () -> RetentionRuntime.builder(emf).build());

    String problem = refused.problems().stream().filter(text -> text.contains("BytesRow")).findFirst()
        .orElseThrow(() -> new AssertionError("no problem names BytesRow: " + refused.getMessage()));
    assertTrue(problem.startsWith("Pass " + BytesRow.class.getCanonicalName() + ": "
        + JpaProvider.onClassPath().label().split(" ")[0]), problem);
    assertTrue(problem.contains("stores the @Ttl attribute BytesRow.ttl (java.time.Instant) as"), problem);
    assertTrue(problem.contains("not as a date"), problem);
    assertTrue(problem.contains("or an AttributeConverter to one"), problem);
  }

  /**
   * {@code ZonedDateTime} is no JPA basic type: Hibernate maps it as a date, EclipseLink 5 serializes it, and the
   * runtime refuses it there rather than compare bytes.
   */
  @Test
  void zonedDateTimeIsADateOnHibernateAndRefusedOnEclipseLink() {
    RetentionConfigurationException refused =
        assertThrows(RetentionConfigurationException.class, () -> RetentionRuntime.builder(emf).build());

    List<String> zoned = refused.problems().stream().filter(text -> text.contains("ZonedDateTimeRow")).toList();
    if (JpaProvider.onClassPath() == JpaProvider.ECLIPSELINK) {
      assertEquals(1, zoned.size(), refused::getMessage);
      assertTrue(zoned.get(0).contains("ZonedDateTimeRow.ttl (java.time.ZonedDateTime) as serialized bytes"),
          zoned.get(0));
    } else {
      assertEquals(List.of(), zoned, "Hibernate stores a ZonedDateTime as a timestamp");
      assertEquals(1, refused.problems().size(), refused::getMessage);
    }
  }
}
