package dev.retention.benchmarks.model;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import java.io.Serializable;
import java.util.Objects;

/** The composite key of {@link LockRow}: Spring Integration's {@code (LOCK_KEY, REGION)}. */
@Embeddable
public class LockKey implements Serializable {

  private static final long serialVersionUID = 1L;

  @Column(name = "LOCK_KEY", length = 36, nullable = false)
  private String lockKey;

  @Column(name = "REGION", length = 100, nullable = false)
  private String region;

  protected LockKey() {}

  public LockKey(String lockKey, String region) {
    this.lockKey = lockKey;
    this.region = region;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof LockKey that && lockKey.equals(that.lockKey) && region.equals(that.region);
  }

  @Override
  public int hashCode() {
    return Objects.hash(lockKey, region);
  }
}
