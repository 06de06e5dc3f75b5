package dev.retention.it.eclipselink;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.support.Jpa;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionRuntime;
import jakarta.persistence.EntityManagerFactory;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * EclipseLink's {@code @Multitenant(SINGLE_TABLE)}: every tenant's rows in one table, told apart by a column
 * EclipseLink fills and filters from a property of the entity manager, its default {@code eclipselink.tenant-id} or the
 * one the mapping names ({@code @TenantDiscriminatorColumn(contextProperty = "app.tenant")}), swept as
 * {@link EclipseLinkTenantsContract} says; entities of one factory that name different properties are refused. Rows
 * are counted by plain SQL, past EclipseLink's filter.
 */
@Tag("eclipselink")
@Timeout(120)
@ParameterizedClass(name = "{0}, {1}")
@MethodSource("databasesAndMappings")
class SharedTableTenantsTest extends EclipseLinkTenantsContract {

  /** A tenant's ids are its number times this, plus 1 to {@code EXPIRED} for its expired rows, then its live ones. */
  static final long IDS_PER_TENANT = 1000;

  /** The two ways a mapping names the property its tenant comes from. */
  enum Mapping {
    DEFAULT_PROPERTY(SharedTableNote.class, "shared_note", "eclipselink.tenant-id", SharedTableNote::new),
    OWN_PROPERTY(AppPropertyNote.class, "app_property_note", AppPropertyNote.TENANT_PROPERTY, AppPropertyNote::new);

    final Class<?> entity;
    final String table;
    final String property;
    final BiFunction<Long, Instant, Object> row;

    Mapping(Class<?> entity, String table, String property, BiFunction<Long, Instant, Object> row) {
      this.entity = entity;
      this.table = table;
      this.property = property;
      this.row = row;
    }

    @Override
    public String toString() {
      return "tenant by " + property;
    }
  }

  static Stream<Arguments> databasesAndMappings() {
    return Stream.of(TestDatabase.Kind.values())
        .flatMap(kind -> Stream.of(Mapping.values()).map(mapping -> Arguments.of(kind, mapping)));
  }

  private final Mapping mapping;

  SharedTableTenantsTest(TestDatabase.Kind kind, Mapping mapping) {
    super(kind, mapping.entity, mapping.property, "SINGLE_TABLE, tenant column tenant", mapping.row);
    this.mapping = mapping;
  }

  @Override
  long idsBefore(String tenant) {
    return (TENANTS.indexOf(tenant) + 1) * IDS_PER_TENANT;
  }

  /** Sessions opened with one property would leave the entity that reads the other without its tenant. */
  @Test
  void entitiesOfOneFactoryNamingDifferentPropertiesAreRefused() {
    EntityManagerFactory both = Jpa.factory(database, List.of(SharedTableNote.class, AppPropertyNote.class));
    try {
      RetentionConfigurationException refused = assertThrows(RetentionConfigurationException.class,
          () -> RetentionRuntime.builder(both).clock(clock).tenants(() -> TENANTS).build());

      assertTrue(refused.getMessage().contains("read their tenant from different properties (app.tenant: "
          + AppPropertyNote.class.getName() + "; eclipselink.tenant-id: " + SharedTableNote.class.getName() + ")"),
          refused::getMessage);
    } finally {
      both.close();
    }
  }

  /** The expired (or live) rows of each tenant, by their ids, counted by plain SQL past EclipseLink's filter. */
  @Override
  Map<String, Long> rowsByTenant(boolean expired) throws SQLException {
    Map<String, Long> rows = new TreeMap<>();
    TENANTS.forEach(tenant -> rows.put(tenant, 0L));
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("select tenant, id from " + mapping.table)) {
      while (result.next()) {
        if (result.getLong(2) % IDS_PER_TENANT <= EXPIRED == expired) {
          rows.merge(result.getString(1), 1L, Long::sum);
        }
      }
    }
    return rows;
  }
}
