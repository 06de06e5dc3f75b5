package com.example

import dev.retention.Ttl
import jakarta.persistence.Entity
import jakarta.persistence.Id
import jakarta.persistence.Index
import jakarta.persistence.Table
import java.time.Instant

/**
 * The README's entity, in Kotlin.
 *
 * `@field:` puts `@Id` and `@Ttl` on the backing fields, where JPA (field access) and the processor read them. Kotlin
 * 2.4 would pick the field for both anyway (neither annotation applies to parameters or Kotlin properties), but that
 * follows from rules Kotlin revises (2.2 began changing the default targets of annotations on constructor
 * properties); stated, the target stays put. `@get:Ttl` would be on the getter, which field access refuses
 * (`retention:access`).
 *
 * `open` and the default values stand in for the all-open and no-arg (`jpa`) compiler plugins the guide shows: JPA
 * instantiates an entity through a no-argument constructor (Kotlin generates one when every parameter has a
 * default), and Hibernate's lazy proxies subclass it.
 */
@Entity
@Table(indexes = [Index(columnList = "expiresAt")])
open class UserSession(
    @field:Id open var id: Long = 0,
    @field:Ttl(expireAfterSeconds = 0) open var expiresAt: Instant = Instant.EPOCH,
)
