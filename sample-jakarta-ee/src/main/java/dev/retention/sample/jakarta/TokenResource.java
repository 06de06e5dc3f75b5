package dev.retention.sample.jakarta;

import dev.retention.runtime.SweepReport;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.UserTransaction;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What the sample's test reads over HTTP, as plain {@code key=value} lines: the tokens left, a sweep in a transaction
 * the caller then rolls back, and the runtime's sweeper threads.
 */
@Path("/")
@RequestScoped
@Produces(MediaType.TEXT_PLAIN)
public class TokenResource {

  static final String PASS = Token.class.getName();

  @Inject
  RetentionLifecycle lifecycle;

  @Inject
  Tokens tokens;

  @Resource
  UserTransaction transaction;

  /** How many tokens of each kind are left, one {@code kind=count} line each. */
  @GET
  @Path("tokens")
  public String tokens() {
    return lines(tokens.countByKind());
  }

  /** Adds expired and live tokens, committed before it answers. */
  @POST
  @Path("tokens")
  public String seed(@QueryParam("expired") int expired, @QueryParam("live") int live) {
    tokens.seed(expired, live);
    return tokens();
  }

  /**
   * Begins a JTA transaction, adds a token in it, sweeps the pass in this thread, and rolls the transaction back: the
   * token goes with the rollback, while the swept rows stay deleted, each batch having committed on its own.
   */
  @POST
  @Path("sweep-rolled-back")
  public String sweepInATransactionThatRollsBack() throws Exception {
    transaction.begin();
    SweepReport report;
    try {
      tokens.addInCallersTransaction("rolled-back");
      report = lifecycle.runtime().sweep(PASS);
    } finally {
      transaction.rollback();
    }
    return "deleted=" + report.deleted() + "\n"
        + "batches=" + report.batches() + "\n"
        + "failure=" + report.failure().map(Throwable::toString).orElse("none") + "\n"
        + "after=" + (transaction.getStatus() == Status.STATUS_NO_TRANSACTION ? "no transaction" : "a transaction")
        + "\n";
  }

  /** The names of the runtime's sweeper threads alive now, one a line. */
  @GET
  @Path("sweeper-threads")
  public String sweeperThreads() {
    return lifecycle.sweeperThreads().stream().map(name -> name + "\n").collect(Collectors.joining());
  }

  private static String lines(Map<String, Long> counts) {
    return counts.entrySet().stream()
        .map(entry -> entry.getKey() + "=" + entry.getValue() + "\n")
        .collect(Collectors.joining());
  }
}
