package dev.retention.runtime.internal.mapping;

import org.hibernate.proxy.HibernateProxy;

/** Hibernate's side of {@link ProviderInstances#unproxy}: the implementation behind an initialised proxy. */
final class HibernateInstances {

  private HibernateInstances() {}

  static Object unproxy(Object instance) {
    if (instance instanceof HibernateProxy proxy && !proxy.getHibernateLazyInitializer().isUninitialized()) {
      return proxy.getHibernateLazyInitializer().getImplementation();
    }
    return instance;
  }
}
