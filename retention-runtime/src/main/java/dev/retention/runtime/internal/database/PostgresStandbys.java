package dev.retention.runtime.internal.database;

import dev.retention.runtime.internal.pacing.ReplicaLag;
import dev.retention.runtime.internal.pacing.ReplicaReader;
import dev.retention.runtime.internal.pacing.ReplicaReading;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * PostgreSQL's standbys as the primary sees them, in one query: each WAL sender of {@code pg_stat_replication} (the WAL
 * its standby has still to replay, {@code pg_current_wal_lsn() - replay_lsn}, and its {@code replay_lag}), and each
 * physical replication slot no standby is connected to, whose standby is away and will replay from the slot's
 * {@code restart_lsn} when it comes back (a byte count, no time). A standby disconnected without a slot is not seen. The
 * columns need {@code pg_monitor} (or a superuser): {@link #privilegeProblem} says so at {@code build()}.
 */
final class PostgresStandbys implements ReplicaReader {

  /** The primary's position, then a row a standby and a row an inactive physical slot. */
  static final String STANDBYS = """
      select 'primary', '', '', pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint, null::bigint
      union all
      select 'standby', coalesce(nullif(application_name, ''), 'pid ' || pid) || ' at '
          || coalesce(host(client_addr), 'a local socket'), coalesce(state, 'state unknown'),
        pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::bigint,
        (extract(epoch from replay_lag) * 1000000)::bigint
      from pg_stat_replication
      union all
      select 'slot', 'slot ' || slot_name, 'no standby connected',
        pg_wal_lsn_diff(pg_current_wal_lsn(), restart_lsn)::bigint, null::bigint
      from pg_replication_slots
      where slot_type = 'physical' and not active and restart_lsn is not null""";

  /** Whether the current user may read the standbys' positions. */
  static final String PRIVILEGE = "select pg_has_role(current_user, 'pg_monitor', 'member')"
      + " or (select rolsuper from pg_roles where rolname = current_user)";

  private final SqlRows primary;

  PostgresStandbys(SqlRows primary) {
    this.primary = primary;
  }

  @Override
  public ReplicaReading read() {
    OptionalLong position = OptionalLong.empty();
    List<ReplicaLag> replicas = new ArrayList<>();
    for (Object[] row : primary.rows(STANDBYS)) {
      String kind = String.valueOf(row[0]);
      OptionalLong bytes = row[3] instanceof Number number ? OptionalLong.of(Math.max(0, number.longValue()))
          : OptionalLong.empty();
      if (kind.equals("primary")) {
        position = bytes;
        continue;
      }
      Optional<Duration> time = row[4] instanceof Number micros
          ? Optional.of(Duration.ofNanos(micros.longValue() * 1000))
          // replay_lag is null once a standby that replayed everything has been idle: it is not behind
          : kind.equals("standby") && bytes.isPresent() && bytes.getAsLong() == 0 ? Optional.of(Duration.ZERO)
          : Optional.empty();
      replicas.add(new ReplicaLag(String.valueOf(row[1]), bytes, time, String.valueOf(row[2])));
    }
    return new ReplicaReading(replicas, position);
  }

  @Override
  public boolean readsBytes() {
    return true;
  }

  @Override
  public String describe() {
    return "the primary's pg_stat_replication and inactive physical slots";
  }

  /** Why the standbys' positions cannot be read by this user, naming the grant; empty when they can. */
  Optional<String> privilegeProblem() {
    List<Object[]> rows = primary.rows(PRIVILEGE);
    Object allowed = rows.isEmpty() ? null : rows.get(0)[0];
    return Boolean.TRUE.equals(allowed) ? Optional.empty()
        : Optional.of("reading the standbys' lag needs pg_stat_replication's positions, which PostgreSQL shows only to"
            + " members of pg_monitor: GRANT pg_monitor TO the application's user, or set no replica limit");
  }
}
