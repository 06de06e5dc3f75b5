package com.acme;

import dev.retention.TtlScope;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;

@MappedSuperclass
public abstract class TenantOwned {
  @Id Long id;

  @TtlScope long ownerId;
}
