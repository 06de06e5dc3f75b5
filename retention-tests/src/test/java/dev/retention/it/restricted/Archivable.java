package dev.retention.it.restricted;

import jakarta.persistence.MappedSuperclass;
import org.hibernate.annotations.SQLRestriction;

/** What every archivable entity shares: archived rows are invisible to Hibernate's statements. */
@MappedSuperclass
@SQLRestriction("archived = false")
public abstract class Archivable {

  boolean archived;
}
