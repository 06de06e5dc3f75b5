package dev.retention.it.epoch;

import dev.retention.EpochUnit;
import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

/**
 * Keycloak's {@code EVENT_ENTITY} table: {@code EVENT_TIME bigint}, epoch milliseconds when the event happened, kept
 * 30 days (a realm's events expiration) after it.
 */
@Entity
@Table(name = "EVENT_ENTITY", indexes = @Index(name = "IDX_EVENT_TIME", columnList = "EVENT_TIME"))
public class KeycloakEvent {

  @Id
  @Column(name = "ID", length = 36)
  String id;

  @Column(name = "REALM_ID")
  String realmId;

  @Column(name = "TYPE")
  String type;

  @Ttl(expireAfterSeconds = 2_592_000, epoch = EpochUnit.MILLISECONDS)
  @Column(name = "EVENT_TIME")
  Long eventTime;

  protected KeycloakEvent() {}

  public KeycloakEvent(String id, Long eventTime) {
    this.id = id;
    this.realmId = "master";
    this.type = "LOGIN";
    this.eventTime = eventTime;
  }
}
