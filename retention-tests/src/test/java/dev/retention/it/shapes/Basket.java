package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.CascadeType;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.OneToMany;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Removal cascades to the items, so the pass removes each basket through the entity manager. */
@Entity
@Table(name = "basket", indexes = @Index(columnList = "abandonedAt"))
public class Basket {

  @Id
  Long id;

  String label;

  @Ttl(expireAfterSeconds = 0)
  Instant abandonedAt;

  @OneToMany(mappedBy = "basket", cascade = CascadeType.ALL, orphanRemoval = true)
  List<Item> items = new ArrayList<>();

  protected Basket() {}

  public Basket(long id, String label, Instant abandonedAt) {
    this.id = id;
    this.label = label;
    this.abandonedAt = abandonedAt;
    for (int i = 1; i <= 2; i++) {
      items.add(new Item(id * 10 + i, this));
    }
  }

  /** An item that goes with its basket. */
  @Entity
  @Table(name = "basket_item")
  public static class Item {
    @Id
    Long id;

    @ManyToOne(optional = false)
    Basket basket;

    protected Item() {}

    Item(long id, Basket basket) {
      this.id = id;
      this.basket = basket;
    }
  }
}
