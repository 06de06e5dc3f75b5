package dev.retention.it.differential;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;

/**
 * Stores an instant as its wall-clock time in Los Angeles, in a {@code timestamp} column without a zone: a native
 * statement that bound the cutoff without it would compare the wrong hours.
 */
@Converter
public class LosAngelesWallClock implements AttributeConverter<Instant, LocalDateTime> {

  static final ZoneId LOS_ANGELES = ZoneId.of("America/Los_Angeles");

  @Override
  public LocalDateTime convertToDatabaseColumn(Instant instant) {
    return instant == null ? null : LocalDateTime.ofInstant(instant, LOS_ANGELES);
  }

  @Override
  public Instant convertToEntityAttribute(LocalDateTime wallClock) {
    return wallClock == null ? null : wallClock.atZone(LOS_ANGELES).toInstant();
  }
}
