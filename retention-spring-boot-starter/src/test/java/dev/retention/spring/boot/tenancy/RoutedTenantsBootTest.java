package dev.retention.spring.boot.tenancy;

import static dev.retention.spring.boot.support.JpaContexts.AUDIT_ENTRY;
import static dev.retention.spring.boot.support.JpaContexts.NOW;
import static dev.retention.spring.boot.support.JpaContexts.SESSION_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import dev.retention.spring.boot.RetentionRuntimeCustomizer;
import dev.retention.spring.boot.model.SessionToken;
import dev.retention.spring.boot.support.JpaContexts;
import dev.retention.spring.boot.support.TestData;
import jakarta.persistence.EntityManagerFactory;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.datasource.lookup.AbstractRoutingDataSource;

/**
 * A database per tenant the way a Spring application routes one: an {@code AbstractRoutingDataSource} keyed by the
 * tenant the application keeps for the thread, a bean that lists the tenants, and a {@link RetentionRuntimeCustomizer}
 * that hands both to the runtime. Every tenant's expired rows go, every live row stays, and a sign-in's sweep of one
 * tenant leaves the others' rows.
 */
class RoutedTenantsBootTest {

  static final List<String> TENANTS = List.of("acme", "globex", "initech");
  static final int EXPIRED = 12;
  static final int LIVE = 5;

  /** The tenant of this thread, as the application's web filter would set it. */
  static final ThreadLocal<String> CURRENT = new ThreadLocal<>();

  @Test
  void everyTenantsDatabaseIsSweptThroughTheRoutingDataSource() {
    JpaContexts.runner().withUserConfiguration(JpaContexts.FixedClock.class, RoutedTenants.class)
        .withPropertyValues("retention." + AUDIT_ENTRY + ".enabled=false")
        .run(context -> {
          assertThat(context).hasNotFailed();
          EntityManagerFactory emf = context.getBean(EntityManagerFactory.class);
          Map<String, DataSource> databases = context.getBean(RoutedTenants.class).databases;
          for (String tenant : TENANTS) {
            copyTables(context.getBean(RoutedTenants.class).fallback, databases.get(tenant));
            as(tenant, () -> {
              List<SessionToken> rows = new ArrayList<>();
              for (long id = 1; id <= EXPIRED + LIVE; id++) {
                rows.add(new SessionToken(id, id <= EXPIRED ? NOW.minus(Duration.ofMinutes(id))
                    : NOW.plus(Duration.ofDays(id))));
              }
              TestData.persist(emf, rows);
              return null;
            });
          }
          RetentionRuntime runtime = context.getBean(RetentionRuntime.class);

          SweepReport signIn = runtime.sweepTenant(SESSION_TOKEN, "globex");

          assertThat(signIn.deleted()).as(signIn.toString()).isEqualTo(EXPIRED);
          assertThat(rows(databases.get("acme"))).isEqualTo(EXPIRED + LIVE);
          assertThat(rows(databases.get("globex"))).isEqualTo(LIVE);

          List<SweepReport> round = runtime.sweepAll();

          assertThat(round).singleElement().satisfies(report ->
              assertThat(report.deleted()).as(report.toString()).isEqualTo(2L * EXPIRED));
          for (String tenant : TENANTS) {
            assertThat(rows(databases.get(tenant))).as(tenant).isEqualTo(LIVE);
          }
        });
  }

  /** The application's side: its routing DataSource, its directory of tenants, and the customizer that joins them. */
  @Configuration(proxyBeanMethods = false)
  static class RoutedTenants {

    final String name = "routed-" + UUID.randomUUID();
    final DataSource fallback = h2(name);
    final Map<String, DataSource> databases = new LinkedHashMap<>();

    RoutedTenants() {
      TENANTS.forEach(tenant -> databases.put(tenant, h2(name + "-" + tenant)));
    }

    @Bean
    DataSource dataSource() {
      AbstractRoutingDataSource routing = new AbstractRoutingDataSource() {
        @Override
        protected Object determineCurrentLookupKey() {
          return CURRENT.get();
        }
      };
      routing.setTargetDataSources(new LinkedHashMap<>(databases));
      routing.setDefaultTargetDataSource(fallback);
      routing.afterPropertiesSet();
      return routing;
    }

    @Bean
    Supplier<List<String>> tenantDirectory() {
      return () -> TENANTS;
    }

    @Bean
    RetentionRuntimeCustomizer tenants(Supplier<List<String>> tenantDirectory) {
      return builder -> builder.tenants(tenantDirectory).runAsTenant((tenant, work) -> as(tenant, () -> {
        work.run();
        return null;
      }));
    }

    private static DataSource h2(String database) {
      return new DriverManagerDataSource("jdbc:h2:mem:" + database + ";DB_CLOSE_DELAY=-1", "sa", "");
    }
  }

  private static <T> T as(String tenant, Supplier<T> work) {
    CURRENT.set(tenant);
    try {
      return work.get();
    } finally {
      CURRENT.remove();
    }
  }

  /** Creates in {@code tenant} the tables Hibernate created in the fallback database, from H2's own script. */
  private static void copyTables(DataSource fallback, DataSource tenant) throws SQLException {
    List<String> ddl = new ArrayList<>();
    try (Connection connection = fallback.getConnection(); Statement statement = connection.createStatement();
        ResultSet script = statement.executeQuery("script nodata")) {
      while (script.next()) {
        String line = script.getString(1);
        if (line.startsWith("CREATE") && !line.startsWith("CREATE USER")) {
          ddl.add(line);
        }
      }
    }
    try (Connection connection = tenant.getConnection(); Statement statement = connection.createStatement()) {
      for (String line : ddl) {
        statement.execute(line);
      }
    }
  }

  private static long rows(DataSource database) throws SQLException {
    try (Connection connection = database.getConnection(); Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("select count(*) from session_token")) {
      result.next();
      return result.getLong(1);
    }
  }
}
