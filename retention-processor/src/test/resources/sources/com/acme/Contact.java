package com.acme;

import jakarta.persistence.Entity;

/** A scoped entity without @Ttl: the scope of its mapped superclass is for the entities that expire. */
@Entity
public class Contact extends TenantOwned {
  String email;
}
