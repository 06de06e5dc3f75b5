package com.acme.shapes;

import jakarta.persistence.Entity;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

@Entity
@Table(indexes = @Index(columnList = "touchedAt"))
public class Upload extends Expiring<Long> {
  String fileName;
}
