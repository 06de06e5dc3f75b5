package dev.retention.benchmarks.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A module of generated entities for the compile-time measurement: each with an id, a {@code @Ttl} attribute (the
 * supported types in turn), a few other columns with accessors, and the index on the TTL column.
 */
final class EntitySources {

  private static final String PACKAGE = "bench.generated";
  private static final String[][] TTL_TYPES = {
      {"java.time.Instant", "Instant"},
      {"java.time.LocalDateTime", "LocalDateTime"},
      {"java.time.OffsetDateTime", "OffsetDateTime"},
      {"java.util.Date", "Date"},
  };

  private EntitySources() {}

  /** Writes {@code count} entity sources under {@code root} and returns their paths. */
  static List<Path> write(Path root, int count) throws IOException {
    Path directory = root.resolve(PACKAGE.replace('.', '/'));
    Files.createDirectories(directory);
    List<Path> files = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String name = String.format(Locale.ROOT, "Entity%03d", i);
      Path file = directory.resolve(name + ".java");
      Files.writeString(file, source(name, i));
      files.add(file);
    }
    return files;
  }

  private static String source(String name, int index) {
    String[] type = TTL_TYPES[index % TTL_TYPES.length];
    String table = name.toLowerCase(Locale.ROOT);
    return """
        package %1$s;

        import dev.retention.Ttl;
        import jakarta.persistence.Column;
        import jakarta.persistence.Entity;
        import jakarta.persistence.Id;
        import jakarta.persistence.Index;
        import jakarta.persistence.Table;
        import %2$s;

        @Entity
        @Table(name = "%4$s", indexes = @Index(columnList = "expires_at"))
        public class %5$s {
          @Id
          private Long id;

          @Ttl(expireAfterSeconds = %6$d)
          @Column(name = "expires_at")
          private %3$s expiresAt;

          private String owner;
          private int attempts;
          private String payload;

          public Long getId() { return id; }
          public %3$s getExpiresAt() { return expiresAt; }
          public void setExpiresAt(%3$s expiresAt) { this.expiresAt = expiresAt; }
          public String getOwner() { return owner; }
          public void setOwner(String owner) { this.owner = owner; }
          public int getAttempts() { return attempts; }
          public void setAttempts(int attempts) { this.attempts = attempts; }
          public String getPayload() { return payload; }
          public void setPayload(String payload) { this.payload = payload; }
        }
        """.formatted(PACKAGE, type[0], type[1], table, name, (index % 5) * 3_600);
  }
}
