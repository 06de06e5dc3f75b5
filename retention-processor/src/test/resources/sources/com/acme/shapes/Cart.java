package com.acme.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityListeners;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.OneToMany;
import jakarta.persistence.PostRemove;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;

@Entity
@EntityListeners(Cart.Audit.class)
@Table(indexes = @Index(columnList = "abandonedAt"))
public class Cart {
  @Id Long id;

  @Ttl(expireAfterSeconds = 2_592_000)
  Instant abandonedAt;

  @OneToMany(orphanRemoval = true)
  List<Item> items;

  @Entity
  public static class Item {
    @Id Long id;
  }

  public static class Audit {
    @PostRemove
    void removed(Cart cart) {}
  }
}
