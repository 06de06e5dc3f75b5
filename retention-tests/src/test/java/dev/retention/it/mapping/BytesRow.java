package dev.retention.it.mapping;

import dev.retention.Ttl;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Convert;
import jakarta.persistence.Converter;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.nio.ByteBuffer;
import java.time.Instant;

/**
 * An {@code Instant} that every provider stores as bytes, through a converter: what a JPA 3.1 provider does on its own
 * with a type it has no mapping for (EclipseLink 4 serializes {@code Instant}). No cutoff can be compared with it.
 */
@Entity
@Table(name = "bytes_row")
public class BytesRow {

  @Id
  Long id;

  @Ttl(expireAfterSeconds = 0)
  @Convert(converter = InstantAsBytes.class)
  Instant ttl;

  protected BytesRow() {}

  /** Epoch milliseconds in eight bytes. Listed among the managed classes, as EclipseLink needs. */
  @Converter
  public static final class InstantAsBytes implements AttributeConverter<Instant, byte[]> {
    @Override
    public byte[] convertToDatabaseColumn(Instant instant) {
      return instant == null ? null : ByteBuffer.allocate(Long.BYTES).putLong(instant.toEpochMilli()).array();
    }

    @Override
    public Instant convertToEntityAttribute(byte[] bytes) {
      return bytes == null ? null : Instant.ofEpochMilli(ByteBuffer.wrap(bytes).getLong());
    }
  }
}
