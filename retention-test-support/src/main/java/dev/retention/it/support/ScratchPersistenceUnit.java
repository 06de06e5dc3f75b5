package dev.retention.it.support;

import jakarta.persistence.SharedCacheMode;
import jakarta.persistence.ValidationMode;
import jakarta.persistence.spi.ClassTransformer;
import jakarta.persistence.spi.PersistenceUnitInfo;
import jakarta.persistence.spi.PersistenceUnitTransactionType;
import java.net.URL;
import java.util.List;
import java.util.Properties;
import javax.sql.DataSource;

/**
 * A resource-local persistence unit described in code, as a container hands one to its provider: the one way to
 * list managed classes without a {@code persistence.xml} that JPA 3.1 providers (Hibernate 6.6) accept too.
 * Connections come from the {@code jakarta.persistence.jdbc.*} properties.
 */
final class ScratchPersistenceUnit implements PersistenceUnitInfo {

  private final String name;
  private final String providerClass;
  private final List<String> managedClassNames;
  private final SharedCacheMode sharedCacheMode;
  private final Properties properties;
  private final ClassLoader classLoader;
  private final URL root;

  ScratchPersistenceUnit(String name, String providerClass, List<String> managedClassNames,
      SharedCacheMode sharedCacheMode, Properties properties, ClassLoader classLoader, URL root) {
    this.root = root;
    this.name = name;
    this.providerClass = providerClass;
    this.managedClassNames = List.copyOf(managedClassNames);
    this.sharedCacheMode = sharedCacheMode;
    this.properties = properties;
    this.classLoader = classLoader;
  }

  @Override
  public String getPersistenceUnitName() {
    return name;
  }

  @Override
  public String getPersistenceProviderClassName() {
    return providerClass;
  }

  @Override
  @SuppressWarnings("deprecation") // the JPA 3.1 signature, which 3.2 keeps
  public PersistenceUnitTransactionType getTransactionType() {
    return PersistenceUnitTransactionType.RESOURCE_LOCAL;
  }

  @Override
  public DataSource getJtaDataSource() {
    return null;
  }

  @Override
  public DataSource getNonJtaDataSource() {
    return null;
  }

  @Override
  public List<String> getMappingFileNames() {
    return List.of();
  }

  @Override
  public List<URL> getJarFileUrls() {
    return List.of();
  }

  @Override
  /** Where the first managed class was loaded from: EclipseLink requires a root, and scans nothing unlisted. */
  public URL getPersistenceUnitRootUrl() {
    return root;
  }

  @Override
  public List<String> getManagedClassNames() {
    return managedClassNames;
  }

  @Override
  public boolean excludeUnlistedClasses() {
    return true;
  }

  @Override
  public SharedCacheMode getSharedCacheMode() {
    return sharedCacheMode;
  }

  @Override
  public ValidationMode getValidationMode() {
    return ValidationMode.NONE;
  }

  @Override
  public Properties getProperties() {
    return properties;
  }

  @Override
  public String getPersistenceXMLSchemaVersion() {
    return "3.0";
  }

  @Override
  public ClassLoader getClassLoader() {
    return classLoader;
  }

  /** No transformer is ever applied: the suites run entities as compiled, unenhanced and unwoven. */
  @Override
  public void addTransformer(ClassTransformer transformer) {}

  @Override
  public ClassLoader getNewTempClassLoader() {
    return classLoader;
  }

  // JPA 3.2 additions, without @Override so that the class also loads against the 3.1 API.

  public String getScopeAnnotationName() {
    return null;
  }

  public List<String> getQualifierAnnotationNames() {
    return List.of();
  }
}
