package dev.retention.it.mapping;

import dev.retention.Ttl;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Convert;
import jakarta.persistence.Converter;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * An {@code Instant} stored as text that does not sort as the instants do ({@code d.M.yyyy HH:mm:ss}, UTC: the 10th of
 * June sorts before the 9th): every statement compares that text with the cutoff's text, as the guide says, so a verdict
 * in Java over the instant cannot agree with the sweep.
 */
@Entity
@Table(name = "day_text_row")
public class DayTextRow {

  @Id
  Long id;

  @Ttl(expireAfterSeconds = 0)
  @Convert(converter = DayText.class)
  Instant expiresAt;

  protected DayTextRow() {}

  public DayTextRow(long id, Instant expiresAt) {
    this.id = id;
    this.expiresAt = expiresAt;
  }

  /** Day first, unpadded: text order is not time order. Listed among the managed classes, as EclipseLink needs. */
  @Converter
  public static final class DayText implements AttributeConverter<Instant, String> {
    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("d.M.yyyy HH:mm:ss")
        .withZone(ZoneOffset.UTC);

    @Override
    public String convertToDatabaseColumn(Instant instant) {
      return instant == null ? null : FORMAT.format(instant);
    }

    @Override
    public Instant convertToEntityAttribute(String text) {
      return text == null ? null : Instant.from(FORMAT.parse(text));
    }
  }
}
