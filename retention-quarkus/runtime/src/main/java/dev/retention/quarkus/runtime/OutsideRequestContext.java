package dev.retention.quarkus.runtime;

import dev.retention.runtime.TenantRunner;
import io.quarkus.arc.Arc;
import io.quarkus.arc.ArcContainer;
import io.quarkus.arc.InjectableContext;
import io.quarkus.arc.ManagedContext;
import jakarta.persistence.EntityManagerFactory;
import org.hibernate.context.spi.CurrentTenantIdentifierResolver;
import org.hibernate.engine.spi.SessionFactoryImplementor;

/**
 * Runs each tenant's sweep with the calling thread's CDI request context set aside, and gives it back after.
 *
 * <p>Under Quarkus's multi-tenancy, Hibernate asks Quarkus's tenant identifier resolver for the current tenant whenever
 * a session is opened, also one the runtime opens for a tenant it names itself; with a request context active, Quarkus
 * asks the application's {@code TenantResolver}, which reads the HTTP request. On a thread with a request context but
 * no HTTP request (a {@code @Scheduled} method, a message consumer, {@code @ActivateRequestContext} code calling
 * {@code sweepAll()}) that resolver fails, and so would every tenant's sweep, though its answer is not used. Without a
 * request context Quarkus answers no tenant, and the tenant the runtime names is the session's.
 */
final class OutsideRequestContext implements TenantRunner {

  /** Whether {@code emf}'s sessions ask a tenant identifier resolver (Quarkus's, under its multi-tenancy). */
  static boolean needed(EntityManagerFactory emf) {
    CurrentTenantIdentifierResolver<?> resolver = emf.unwrap(SessionFactoryImplementor.class)
        .getSessionFactoryOptions().getCurrentTenantIdentifierResolver();
    return resolver != null;
  }

  @Override
  public void runAs(String tenant, Runnable work) {
    ArcContainer container = Arc.container();
    ManagedContext requests = container == null ? null : container.requestContext();
    if (requests == null || !requests.isActive()) {
      work.run();
      return;
    }
    InjectableContext.ContextState caller = requests.getState();
    requests.deactivate();
    try {
      work.run();
    } finally {
      requests.activate(caller);
    }
  }
}
