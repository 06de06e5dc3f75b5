package dev.retention.runtime.internal.database;

import dev.retention.runtime.internal.pacing.ReplicaLag;
import dev.retention.runtime.internal.pacing.ReplicaReader;
import dev.retention.runtime.internal.pacing.ReplicaReading;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import javax.sql.DataSource;

/**
 * MariaDB's and MySQL's replicas, which the primary does not see: each one the application named, asked for its own
 * delay ({@code SHOW REPLICA STATUS}, MariaDB 10.5 and MySQL 8.0.22 on; {@code SHOW SLAVE STATUS} before), in seconds
 * ({@code Seconds_Behind_Master}, MySQL's {@code Seconds_Behind_Source}). A replica that cannot be reached, is no
 * replica, or whose SQL thread stopped (no delay) reports no lag, which holds the sweeps that check it: its lag is not
 * known to be within the limit.
 */
final class MariaDbReplicas implements ReplicaReader {

  /** How long one replica's status may take, in seconds, as JDBC counts query timeouts. */
  static final int STATUS_TIMEOUT_SECONDS = 5;

  private final Map<String, DataSource> replicas;

  MariaDbReplicas(Map<String, DataSource> replicas) {
    this.replicas = Map.copyOf(replicas);
  }

  @Override
  public ReplicaReading read() {
    List<ReplicaLag> lags = new ArrayList<>();
    replicas.entrySet().stream().sorted(Map.Entry.comparingByKey())
        .forEach(replica -> lags.add(read(replica.getKey(), replica.getValue())));
    return new ReplicaReading(lags, OptionalLong.empty());
  }

  private static ReplicaLag read(String name, DataSource source) {
    try (Connection connection = source.getConnection(); Statement statement = connection.createStatement()) {
      statement.setQueryTimeout(STATUS_TIMEOUT_SECONDS);
      try (ResultSet status = replicaStatus(statement)) {
        if (!status.next()) {
          return new ReplicaLag(name, OptionalLong.empty(), Optional.empty(), "not a replica");
        }
        String delayColumn = hasColumn(status, "Seconds_Behind_Source") ? "Seconds_Behind_Source"
            : "Seconds_Behind_Master";
        String running = hasColumn(status, "Replica_SQL_Running") ? status.getString("Replica_SQL_Running")
            : hasColumn(status, "Slave_SQL_Running") ? status.getString("Slave_SQL_Running") : "?";
        long seconds = status.getLong(delayColumn);
        boolean delayKnown = !status.wasNull(); // NULL: the SQL thread is not running
        return new ReplicaLag(name, OptionalLong.empty(),
            delayKnown ? Optional.of(Duration.ofSeconds(seconds)) : Optional.empty(),
            delayKnown ? "SQL thread running " + running : "replication stopped (SQL thread running " + running + ")");
      }
    } catch (SQLException e) {
      return new ReplicaLag(name, OptionalLong.empty(), Optional.empty(), "unreachable: " + e.getMessage());
    }
  }

  private static ResultSet replicaStatus(Statement statement) throws SQLException {
    try {
      return statement.executeQuery("SHOW REPLICA STATUS");
    } catch (SQLException olderServer) {
      return statement.executeQuery("SHOW SLAVE STATUS");
    }
  }

  private static boolean hasColumn(ResultSet status, String column) throws SQLException {
    for (int index = 1; index <= status.getMetaData().getColumnCount(); index++) {
      if (status.getMetaData().getColumnLabel(index).equalsIgnoreCase(column)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public boolean readsBytes() {
    return false;
  }

  @Override
  public String describe() {
    return "SHOW REPLICA STATUS on " + String.join(", ", replicas.keySet().stream().sorted().toList());
  }
}
