package dev.retention.it.reliability;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;
import java.time.Instant;

/** Stores an instant as whole seconds since the epoch, in a {@code bigint} column. */
@Converter
public class EpochSeconds implements AttributeConverter<Instant, Long> {

  @Override
  public Long convertToDatabaseColumn(Instant instant) {
    return instant == null ? null : instant.getEpochSecond();
  }

  @Override
  public Instant convertToEntityAttribute(Long seconds) {
    return seconds == null ? null : Instant.ofEpochSecond(seconds);
  }
}
