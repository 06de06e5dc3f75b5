package dev.retention.quarkus.deployment.tenancy;

import dev.retention.quarkus.deployment.model.SessionToken;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import io.quarkus.hibernate.orm.PersistenceUnitExtension;
import io.quarkus.hibernate.orm.runtime.tenant.TenantResolver;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.stream.Collectors;

/** The application's endpoints, each working in the tenant its request names (the resolver's answer). */
@Path("/tokens")
@Produces(MediaType.TEXT_PLAIN)
public class TokenResource {

  @Inject
  EntityManager em;

  @Inject
  @PersistenceUnitExtension
  TenantResolver tenant;

  @Inject
  RetentionRuntime retention;

  @POST
  @Transactional
  public void add(@QueryParam("id") long id, @QueryParam("expiresAt") String expiresAt) {
    em.persist(new SessionToken(id, Instant.parse(expiresAt)));
  }

  /** The ids of the request's tenant's tokens, in order, separated by commas. */
  @GET
  public String ids() {
    return em.createQuery("select t.id from SessionToken t order by t.id", Long.class).getResultStream()
        .map(String::valueOf)
        .collect(Collectors.joining(","));
  }

  /** At sign-in: the request's tenant's expired tokens go now, whatever the background round is doing. */
  @POST
  @Path("/sign-in")
  public long signIn() {
    SweepReport report = retention.sweepTenant(SessionToken.class.getName(), tenant.resolveTenantId());
    if (!report.succeeded()) {
      throw new IllegalStateException("the sign-in sweep failed: " + report);
    }
    return report.deleted();
  }
}
