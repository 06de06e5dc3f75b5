package dev.retention.sample.model;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

/** One line of a {@link CheckoutCart}; it has no expiry of its own and goes with its cart. */
@Entity
@Table(name = "sample_cart_item")
public class CartItem {

  @Id
  @GeneratedValue
  private Long id;

  @ManyToOne(optional = false)
  private CheckoutCart cart;

  private String sku;

  private int quantity;

  protected CartItem() {}

  CartItem(CheckoutCart cart, String sku, int quantity) {
    this.cart = cart;
    this.sku = sku;
    this.quantity = quantity;
  }
}
