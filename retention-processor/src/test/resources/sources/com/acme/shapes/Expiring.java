package com.acme.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import java.util.Calendar;

@MappedSuperclass
public abstract class Expiring<K> {
  @Id K id;

  @Ttl(expireAfterSeconds = 600)
  Calendar touchedAt;
}
