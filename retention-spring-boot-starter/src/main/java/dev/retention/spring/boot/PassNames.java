package dev.retention.spring.boot;

import java.util.Objects;

/** A pass's name as the runtime gives it: its entity's canonical class name ({@code com.acme.Ledger.Line}). */
final class PassNames {

  private PassNames() {}

  static String of(Class<?> entity) {
    String name = Objects.requireNonNull(entity, "entity").getCanonicalName();
    if (name == null) {
      throw new IllegalArgumentException(entity.getName() + " is a local or anonymous class, which no pass can sweep;"
          + " name the @Ttl entity");
    }
    return name;
  }
}
