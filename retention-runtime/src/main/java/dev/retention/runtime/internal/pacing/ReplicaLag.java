package dev.retention.runtime.internal.pacing;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * How far one replica is behind, as read once: the WAL it has still to replay, in bytes, and its delay in time, each
 * where the database says it; empty where it does not (a MariaDB replica has no byte count; a replica whose SQL thread
 * stopped has no delay).
 *
 * @param replica the replica's name, as the log and the report show it ({@code standby1 (127.0.0.1)}, a data source's)
 * @param state what the database says of it ({@code streaming}, {@code catchup}, {@code slot inactive}, ...)
 */
public record ReplicaLag(String replica, OptionalLong bytes, Optional<Duration> time, String state) {

  public ReplicaLag {
    Objects.requireNonNull(replica, "replica");
    Objects.requireNonNull(bytes, "bytes");
    Objects.requireNonNull(time, "time");
    Objects.requireNonNull(state, "state");
  }

  /** {@code standby1 (streaming): 12.4 MB, 1.2 s behind}. */
  public String describe() {
    StringBuilder text = new StringBuilder(replica).append(" (").append(state).append("): ");
    if (bytes.isEmpty() && time.isEmpty()) {
      return text.append("lag unknown").toString();
    }
    bytes.ifPresent(value -> text.append(megabytes(value)));
    time.ifPresent(value -> text.append(bytes.isPresent() ? ", " : "").append(seconds(value)));
    return text.append(" behind").toString();
  }

  static String megabytes(long bytes) {
    return String.format(java.util.Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024.0));
  }

  static String seconds(Duration time) {
    return String.format(java.util.Locale.ROOT, "%.1f s", time.toMillis() / 1000.0);
  }
}
