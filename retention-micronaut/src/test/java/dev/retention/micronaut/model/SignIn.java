package dev.retention.micronaut.model;

import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.micronaut.multitenancy.tenantresolver.TenantResolver;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import java.util.Map;

/**
 * A multi-tenant application's sign-in: before the user sees their tokens, the expired ones of their tenant (the one
 * Micronaut's resolver answers for the request) go, and only theirs. It answers what the sweep deleted and how many
 * tokens the tenant's repository still finds, and the sweep's failure if it had one.
 */
@Controller("/sign-in")
@Requires(beans = TenantResolver.class)
public class SignIn {

  private final TenantResolver tenantResolver;
  private final RetentionRuntime retention;
  private final SessionTokens tokens;

  SignIn(TenantResolver tenantResolver, RetentionRuntime retention, SessionTokens tokens) {
    this.tenantResolver = tenantResolver;
    this.retention = retention;
    this.tokens = tokens;
  }

  @Post
  @ExecuteOn(TaskExecutors.BLOCKING)
  Map<String, Object> signIn() {
    String tenant = tenantResolver.resolveTenantIdentifier().toString();
    SweepReport report = retention.sweepTenant(SessionToken.class.getName(), tenant);
    return Map.of("tenant", tenant, "deleted", report.deleted(), "left", tokens.count(),
        "failure", report.failure().map(Throwable::toString).orElse("none"));
  }
}
