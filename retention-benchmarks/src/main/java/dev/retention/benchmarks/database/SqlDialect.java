package dev.retention.benchmarks.database;

import dev.retention.it.support.TestDatabase;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** The few SQL spellings that differ between the three databases, for loading and inspecting the table. */
public enum SqlDialect {
  H2 {
    @Override
    public String seriesColumn() {
      return "x";
    }

    @Override
    public String series(long rows) {
      return "system_range(1, " + rows + ")";
    }

    @Override
    public String cutoffLiteral(Instant instant) {
      return "timestamp with time zone '" + TIMESTAMP.format(instant) + "+00'";
    }

    @Override
    public String cutoffPlusSeconds(Instant instant, String seconds) {
      return "dateadd(second, " + seconds + ", " + cutoffLiteral(instant) + ")";
    }

    @Override
    public String concat(String left, String right) {
      return "concat(" + left + ", " + right + ")";
    }
  },
  POSTGRESQL {
    @Override
    public String seriesColumn() {
      return "i";
    }

    @Override
    public String series(long rows) {
      return "generate_series(1::bigint, " + rows + ") as g(i)";
    }

    @Override
    public String cutoffLiteral(Instant instant) {
      return "timestamptz '" + TIMESTAMP.format(instant) + "+00'";
    }

    @Override
    public String cutoffPlusSeconds(Instant instant, String seconds) {
      return cutoffLiteral(instant) + " + (" + seconds + ") * interval '1 second'";
    }

    @Override
    public String concat(String left, String right) {
      return left + " || " + right;
    }
  },
  MARIADB {
    @Override
    public String seriesColumn() {
      // The sequence engine's column is unsigned; a negative offset from it would be an error, not a number.
      return "cast(seq as signed)";
    }

    @Override
    public String series(long rows) {
      return "seq_1_to_" + rows;
    }

    @Override
    public String cutoffLiteral(Instant instant) {
      // Hibernate stores an Instant in a datetime(6) read as UTC (hibernate.jdbc.time_zone=UTC).
      return "timestamp '" + TIMESTAMP.format(instant) + "'";
    }

    @Override
    public String cutoffPlusSeconds(Instant instant, String seconds) {
      return cutoffLiteral(instant) + " + interval (" + seconds + ") second";
    }

    @Override
    public String concat(String left, String right) {
      return "concat(" + left + ", " + right + ")";
    }
  };

  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

  public static SqlDialect of(TestDatabase.Kind kind) {
    return valueOf(kind.name());
  }

  /** The column of {@link #series} holding 1 to rows, as a signed integer. */
  public abstract String seriesColumn();

  /** A row source of the integers 1 to {@code rows}, computed by the server. */
  public abstract String series(long rows);

  /** {@code instant} as a literal comparable with {@code expires_at}. */
  public abstract String cutoffLiteral(Instant instant);

  /** {@code instant} plus an integer expression of seconds. */
  public abstract String cutoffPlusSeconds(Instant instant, String seconds);

  public abstract String concat(String left, String right);
}
