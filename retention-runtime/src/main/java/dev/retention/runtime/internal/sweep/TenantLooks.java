package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.Scope;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.generated.Cutoff;
import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.shape.SchemaLook;
import jakarta.persistence.EntityManager;
import java.lang.System.Logger.Level;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Which tenants a background round visits, where the pass's tenants can be looked at across their schemas at once
 * ({@link SchemaLook}): one look a round answers which schemas hold expired rows, and only their tenants get a session
 * and a sweep. An idle round over 1,000 schemas is then a few statements rather than a session and a look each.
 *
 * <p>Where a tenant's table is, the runtime never takes from the tenant's name: each tenant's own session says where it
 * finds the pass's table (server, database, schema), asked at its first visit and kept while the tenant is listed. A
 * tenant is visited whatever the look says until then, where its session found no table or found it on another server
 * than the look's, and after a sweep of it that failed, was skipped, left work or made no progress. A look that fails
 * visits every tenant that round, as without it, says so in the log, and forgets where the tables are, so that each
 * tenant's next visit asks again (a schema renamed, a table moved). Before it runs, the look is asked whether what it
 * rests on in the catalog still holds ({@link SchemaLook#untrusted}); where it does not, the look steps aside as a
 * failing one does (every tenant visited), the log says why once, the start line says so, and it comes back when it
 * holds again.
 *
 * <p>A {@code @TenantId} pass, whose tenants share one table, goes the same way: its look reads which tenant values
 * hold expired rows, and each tenant's "schema" is the tenant value its own session binds. Where its tenant column is
 * not known to compare exactly, a value no tenant names exactly ({@link SchemaLook.Found#unnamed()}: another case of
 * a tenant's, or a tenant no longer listed) may be any tenant's in the database's eyes: the round visits every tenant,
 * the log says so once (naming a few such values) and again when none is left, and the start line says so meanwhile.
 */
final class TenantLooks {

  private static final System.Logger LOGGER = System.getLogger(TenantLooks.class.getName());

  private final PassSweep pass;
  private final SchemaLook look;
  /** Where each tenant's session found the table, as it said at its first visit; empty: not found. */
  private final Map<String, Optional<SchemaLook.Home>> homes = new ConcurrentHashMap<>();
  /** Tenants whose last background sweep asks for another visit whatever the look says. */
  private final Set<String> owed = ConcurrentHashMap.newKeySet();
  /** Whether the last look failed, so that a failing look is logged when it starts and when it recovers. */
  private volatile boolean failing;
  /** Why the look stepped aside at its last round; null while it is trusted. */
  private volatile @Nullable String aside;
  /** The values no tenant names exactly that made the last round visit every tenant; null when it did not. */
  private volatile @Nullable String unnamed;

  TenantLooks(PassSweep pass, SchemaLook look) {
    this.pass = pass;
    this.look = look;
  }

  /**
   * The tenants among {@code tenants} this round visits: those whose schema holds a row expired at {@code cutoff},
   * and every tenant the look cannot answer for. Never throws: a failing look visits them all.
   */
  Set<String> due(List<String> tenants, Instant cutoff) {
    homes.keySet().retainAll(new HashSet<>(tenants)); // a tenant listed again is asked again
    owed.retainAll(new HashSet<>(tenants));
    Set<String> due = new LinkedHashSet<>();
    Optional<String> anchor = Optional.empty();
    String server = null;
    List<String> looked = new ArrayList<>();
    List<String> schemas = new ArrayList<>();
    List<SchemaLook.Home> owedHomes = new ArrayList<>();
    boolean unasked = false;
    for (String tenant : tenants) {
      unasked |= !homes.containsKey(tenant);
      Optional<SchemaLook.Home> home = homes.getOrDefault(tenant, Optional.empty());
      if (home.isEmpty() || owed.contains(tenant)) {
        home.ifPresent(owedHomes::add);
        due.add(tenant);
        continue;
      }
      if (server == null) {
        server = home.get().server();
        anchor = Optional.of(tenant);
      }
      if (!server.equals(home.get().server())) {
        due.add(tenant); // another server: its own sweep looks
        continue;
      }
      looked.add(tenant);
      schemas.add(home.get().schema());
    }
    if (anchor.isEmpty()) {
      return due;
    }
    try {
      ExpiredRows rows = pass.model().expiredAt(Cutoff.of(cutoff, pass.environment().zone()), Scope.all(),
          pass.settings().epochCheck());
      Answer answer = pass.environment().tenants().callAs(anchor.get(), () -> {
        EntityManager em = pass.environment().emf().createEntityManager();
        try {
          Optional<String> untrusted = look.untrusted(em);
          return untrusted.isPresent() ? new Answer(untrusted, SchemaLook.Found.of(new BitSet()))
              : new Answer(untrusted, look.withExpiredRows(em, schemas, rows));
        } finally {
          em.close();
        }
      });
      if (answer.untrusted().isPresent()) {
        stepAside(answer.untrusted().get());
        return new LinkedHashSet<>(tenants);
      }
      if (aside != null) {
        aside = null;
        LOGGER.log(Level.INFO, () -> pass.name() + ": what the look across its tenants rests on holds again; only"
            + " the tenants it finds with expired rows are visited");
      }
      answer.found().expired().stream().forEach(position -> due.add(looked.get(position)));
      if (failing) {
        failing = false;
        LOGGER.log(Level.INFO, () -> pass.name() + ": the look across the tenants' schemas works again");
      }
      String lookServer = server;
      Set<String> visitedAnyway = new HashSet<>();
      owedHomes.stream().filter(home -> home.server().equals(lookServer)).forEach(home -> visitedAnyway.add(
          home.schema())); // an owed tenant's own sweep takes its value's rows, as a tenant the look found would
      List<String> unclaimed = answer.found().unnamed().stream().filter(value -> !visitedAnyway.contains(value))
          .toList();
      if (!unclaimed.isEmpty() && unasked) {
        // A tenant not visited yet has not said its value, which may be one of them: judged at the next round.
        LOGGER.log(Level.DEBUG, () -> pass.name() + ": the look across its tenants finds expired rows under "
            + unclaimed.size() + " @TenantId values no tenant that has said its value names exactly; every tenant is"
            + " visited this round, so that each says its value");
        return new LinkedHashSet<>(tenants);
      }
      if (!unclaimed.isEmpty()) {
        visitEvery(unclaimed);
        return new LinkedHashSet<>(tenants);
      }
      if (unnamed != null) {
        unnamed = null;
        LOGGER.log(Level.INFO, () -> pass.name() + ": the look across its tenants finds no expired row left under a"
            + " @TenantId value no listed tenant names exactly; only the tenants it finds with expired rows are"
            + " visited");
      }
      return due;
    } catch (RuntimeException e) {
      // Asked again at each tenant's next visit: a schema renamed or a table moved makes the look whole again.
      homes.clear();
      if (!failing) {
        failing = true;
        LOGGER.log(Level.WARNING, pass.name() + ": the look across " + schemas.size() + " tenants failed;"
            + " every tenant is visited, each looking for itself, until it works again", e);
      }
      return new LinkedHashSet<>(tenants);
    }
  }

  /** What a look answered: why it could not be trusted this round, or what it found. */
  private record Answer(Optional<String> untrusted, SchemaLook.Found found) {}

  /**
   * Every tenant is visited while the look finds expired rows under values no tenant names exactly: which tenant's
   * sweep reaches them it cannot say. Said once when it starts, with a few of the values and their count.
   */
  private void visitEvery(List<String> values) {
    String some = values.stream().limit(5).map(value -> "'" + value + "'").collect(Collectors.joining(", "))
        + (values.size() > 5 ? ", ..." : "");
    String said = values.size() + " @TenantId value" + (values.size() == 1 ? "" : "s") + " no listed tenant names"
        + " exactly (" + some + ")";
    boolean starts = unnamed == null;
    unnamed = said;
    if (starts) {
      LOGGER.log(Level.WARNING, () -> pass.name() + ": the look across its tenants finds expired rows under " + said
          + ", which its tenant column, not known to compare exactly, may take as a listed tenant's, or which are a"
          + " tenant's no longer listed; every tenant is visited, each looking for itself, until no such value holds"
          + " expired rows");
    }
  }

  /** Every tenant is visited while the look cannot be trusted; said once per reason. */
  private void stepAside(String why) {
    if (!why.equals(aside)) {
      aside = why;
      LOGGER.log(Level.WARNING, () -> pass.name() + ": the look across its tenants steps aside (" + why + "); every"
          + " tenant is visited, each looking for itself, until what the look rests on holds again");
    }
  }

  /**
   * Asks the session of the tenant bound to this thread where it finds the pass's table, at its first visit; run in
   * the tenant's visit, before its sweep. Never throws: a tenant whose session does not say is visited every round.
   */
  void learn(String tenant) {
    if (homes.containsKey(tenant)) {
      return;
    }
    EntityManager em = pass.environment().emf().createEntityManager();
    try {
      homes.put(tenant, look.home(em));
    } catch (RuntimeException e) {
      // Not kept: asked again at the tenant's next visit, which its unknown place makes due.
      LOGGER.log(Level.DEBUG, () -> pass.name() + ": tenant " + tenant + "'s session did not say where its table is,"
          + " so its own sweep looks until it does: " + e);
    } finally {
      em.close();
    }
  }

  /** Keeps {@code tenant} visited until a sweep of it ends with nothing left to do. */
  void swept(String tenant, SweepReport report) {
    if (report.failure().isPresent() || report.skipped() || report.workRemains() || report.noProgress().isPresent()) {
      owed.add(tenant);
    } else {
      owed.remove(tenant);
    }
  }

  /** How the pass's tenants are looked at now, as the start line says it after the pass. */
  String describe() {
    String why = aside;
    if (why != null) {
      return ", a look per tenant (the look across them stepped aside: " + why + ")";
    }
    String values = unnamed;
    return values == null ? look.describe() : look.describe() + ", every tenant visited while it finds expired rows"
        + " under " + values;
  }

  /** Whether the pass's tenants are looked at across their schemas, as the start line says it after the pass. */
  static String describe(SchemaLook.Decision decision) {
    return decision.look().isPresent() ? decision.look().get().describe()
        : ", a look per tenant" + (decision.why().isEmpty() ? "" : " (" + decision.why() + ")");
  }
}
