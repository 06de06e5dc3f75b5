package dev.retention.sample.model;

import dev.retention.Ttl;
import jakarta.persistence.CascadeType;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.OneToMany;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A shopping cart abandoned before checkout; gone 30 days after it was last touched, with its items. The cascade makes
 * the processor choose entity removal, so that the items go with their cart.
 */
@Entity
@Table(name = "sample_checkout_cart",
    indexes = @Index(name = "sample_checkout_cart_last_touched", columnList = "lastTouched"))
public class CheckoutCart {

  @Id
  @GeneratedValue
  private Long id;

  private String customer;

  @Ttl(expireAfterSeconds = 2_592_000)
  private Instant lastTouched;

  @OneToMany(mappedBy = "cart", cascade = CascadeType.ALL, orphanRemoval = true)
  private List<CartItem> items = new ArrayList<>();

  protected CheckoutCart() {}

  public CheckoutCart(String customer, Instant lastTouched) {
    this.customer = customer;
    this.lastTouched = lastTouched;
  }

  public void add(String sku, int quantity) {
    items.add(new CartItem(this, sku, quantity));
  }
}
