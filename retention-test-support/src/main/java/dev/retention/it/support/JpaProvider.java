package dev.retention.it.support;

import jakarta.persistence.spi.PersistenceProvider;
import jakarta.persistence.spi.PersistenceProviderResolverHolder;
import java.util.List;
import java.util.Map;

/**
 * The JPA provider a test module runs its suites with: exactly one is on each module's class path (Hibernate 7.4 in
 * retention-tests, Hibernate 6.6 and EclipseLink 5 in modules of their own).
 */
public enum JpaProvider {

  HIBERNATE("Hibernate", "org.hibernate.jpa.HibernatePersistenceProvider", "org.hibernate.Version",
      // Instants go to MariaDB's zone-less datetime(6): UTC on both sides keeps the suites' literals comparable.
      Map.of("hibernate.jdbc.time_zone", "UTC",
          "hibernate.show_sql", System.getProperty("showSql", "false"))),

  ECLIPSELINK("EclipseLink", "org.eclipse.persistence.jpa.PersistenceProvider",
      "org.eclipse.persistence.Version",
      // No weaving: in Java SE it needs an agent, and unwoven entities are what a plain application has. Logs go to
      // java.util.logging, where the tests keep them quiet unless a test fails.
      Map.of("eclipselink.weaving", "false",
          "eclipselink.logging.logger", "JavaLogger",
          "eclipselink.logging.level", System.getProperty("showSql", "false").equals("true") ? "FINE" : "WARNING",
          "eclipselink.logging.level.sql", System.getProperty("showSql", "false").equals("true") ? "FINE" : "WARNING"));

  private final String name;
  private final String providerClass;
  private final String versionClass;
  private final Map<String, String> properties;

  JpaProvider(String name, String providerClass, String versionClass, Map<String, String> properties) {
    this.name = name;
    this.providerClass = providerClass;
    this.versionClass = versionClass;
    this.properties = properties;
  }

  /** The one provider on the class path; fails when there is none or more than one. */
  public static JpaProvider onClassPath() {
    return Detected.PROVIDER;
  }

  /** The provider's implementation of {@code PersistenceProvider}. */
  PersistenceProvider persistenceProvider() {
    return PersistenceProviderResolverHolder.getPersistenceProviderResolver().getPersistenceProviders().stream()
        .filter(provider -> provider.getClass().getName().equals(providerClass))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException(name + " is not on the class path"));
  }

  /** The provider's own settings for the suites' factories. */
  Map<String, String> properties() {
    return properties;
  }

  /** The provider and its version, as the jar's manifest says, for test reports: "Hibernate 6.6.56.Final". */
  public String label() {
    try {
      Package implementation = Class.forName(versionClass).getPackage();
      String version = implementation.getImplementationVersion();
      return version == null ? name : name + " " + version;
    } catch (ClassNotFoundException e) {
      return name;
    }
  }

  /** Detected once per JVM. */
  private static final class Detected {
    static final JpaProvider PROVIDER = detect();

    private static JpaProvider detect() {
      List<PersistenceProvider> providers =
          PersistenceProviderResolverHolder.getPersistenceProviderResolver().getPersistenceProviders();
      List<JpaProvider> known = java.util.Arrays.stream(values())
          .filter(kind -> providers.stream().anyMatch(p -> p.getClass().getName().equals(kind.providerClass)))
          .toList();
      if (known.size() != 1) {
        throw new IllegalStateException("The suites need exactly one JPA provider on the class path, not " + providers
            + "; each test module brings its own");
      }
      return known.get(0);
    }
  }
}
