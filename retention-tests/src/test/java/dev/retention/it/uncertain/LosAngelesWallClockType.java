package dev.retention.it.uncertain;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import org.hibernate.dialect.Dialect;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.type.descriptor.WrapperOptions;
import org.hibernate.type.descriptor.jdbc.JdbcType;
import org.hibernate.usertype.UserType;

/**
 * A Hibernate {@code UserType} that stores an {@code Instant} as its wall-clock time in Los Angeles, in a
 * {@code timestamp} column without a zone: what a legacy schema does, and what no converter check sees.
 */
public class LosAngelesWallClockType implements UserType<Instant> {

  static final ZoneId LOS_ANGELES = ZoneId.of("America/Los_Angeles");

  @Override
  public int getSqlType() {
    return Types.TIMESTAMP;
  }

  @Override
  public Class<Instant> returnedClass() {
    return Instant.class;
  }

  @Override
  public Instant nullSafeGet(ResultSet rs, int position, WrapperOptions options) throws SQLException {
    Timestamp wallClock = rs.getTimestamp(position);
    return wallClock == null ? null : wallClock.toLocalDateTime().atZone(LOS_ANGELES).toInstant();
  }

  @Override
  public Instant nullSafeGet(ResultSet rs, int position, SharedSessionContractImplementor session, Object owner)
      throws SQLException {
    return nullSafeGet(rs, position, session);
  }

  @Override
  public void nullSafeSet(PreparedStatement st, Instant value, int index, WrapperOptions options)
      throws SQLException {
    if (value == null) {
      st.setNull(index, Types.TIMESTAMP);
    } else {
      st.setTimestamp(index, Timestamp.valueOf(LocalDateTime.ofInstant(value, LOS_ANGELES)));
    }
  }

  @Override
  public void nullSafeSet(PreparedStatement st, Instant value, int index, SharedSessionContractImplementor session)
      throws SQLException {
    nullSafeSet(st, value, index, (WrapperOptions) session);
  }

  /** Microseconds, as the other date columns have; Hibernate's default for a user type is no valid precision. */
  @Override
  public int getDefaultSqlPrecision(Dialect dialect, JdbcType jdbcType) {
    return 6;
  }

  @Override
  public Instant deepCopy(Instant value) {
    return value;
  }

  @Override
  public boolean isMutable() {
    return false;
  }
}
