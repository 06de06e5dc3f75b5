package dev.retention.it.tenancy;

import org.hibernate.context.spi.CurrentTenantIdentifierResolver;

/**
 * The resolver applications write: the tenant of the request, and on any other thread (the sweeper's among them) a
 * fallback tenant. The application never sets one here: the test's threads all answer the fallback, as the sweeper's
 * thread would. Its root tenant, where it has one, sees every tenant's {@code @TenantId} rows.
 */
final class FallbackTenant implements CurrentTenantIdentifierResolver<String> {

  static final String ROOT = "root";

  private final String fallback;

  FallbackTenant(String fallback) {
    this.fallback = fallback;
  }

  @Override
  public String resolveCurrentTenantIdentifier() {
    return fallback;
  }

  @Override
  public boolean validateExistingCurrentSessions() {
    return false;
  }

  @Override
  public boolean isRoot(String tenant) {
    return ROOT.equals(tenant);
  }
}
