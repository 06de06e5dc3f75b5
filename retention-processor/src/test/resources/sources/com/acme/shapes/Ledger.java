package com.acme.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.ZonedDateTime;

public final class Ledger {
  private Ledger() {}

  @Entity(name = "LedgerLine")
  @Table(indexes = @Index(columnList = "postedAt"))
  public static class Line {
    @EmbeddedId Key id;

    @Ttl(expireAfterSeconds = 315_360_000)
    ZonedDateTime postedAt;
  }

  @Embeddable
  public record Key(String account, long number) {}
}
