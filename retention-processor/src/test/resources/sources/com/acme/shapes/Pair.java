package com.acme.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.util.Date;

@Entity
@IdClass(Pair.Id2.class)
@Table(indexes = @Index(columnList = "seenAt"))
class Pair {
  @Id String left;
  @Id String right;

  @Ttl(expireAfterSeconds = 90)
  Date seenAt;

  record Id2(String left, String right) {}
}
