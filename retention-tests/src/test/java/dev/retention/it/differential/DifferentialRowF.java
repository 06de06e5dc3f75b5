package dev.retention.it.differential;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.util.Objects;

/**
 * The differential test's table with a composite key of two {@code @Id} attributes and an {@code @IdClass}
 * ({@code region}, then {@code id}): the statements that need no key take it as they take an {@code @EmbeddedId}.
 */
@Entity
@IdClass(DifferentialRowF.Key.class)
@Table(name = "differential_row_f")
public class DifferentialRowF extends DifferentialRow {

  /** The {@code @IdClass}. */
  public static class Key implements Serializable {

    private static final long serialVersionUID = 1L;

    String region;
    Long id;

    public Key() {}

    @Override
    public boolean equals(Object other) {
      return other instanceof Key that && id.equals(that.id) && region.equals(that.region);
    }

    @Override
    public int hashCode() {
      return Objects.hash(region, id);
    }
  }

  private static final String[] REGIONS = {"north", "east", "south"};

  @Id
  String region;

  @Id
  Long id;

  public DifferentialRowF() {}

  /** A region drawn from a row's number: three of them, in no order of the numbers. */
  static String region(long id) {
    return REGIONS[(int) Math.floorMod(id * 7, 3L)];
  }

  @Override
  void number(long id) {
    this.id = id;
    this.region = region(id);
  }

  @Override
  String numberPath() {
    return "id";
  }

  @Override
  String idAttribute() {
    return "region";
  }

  @Override
  long numberOfKey(Object key) {
    return ((Key) key).id;
  }

  @Override
  public Long id() {
    return id;
  }
}
