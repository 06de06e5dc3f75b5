package com.example

import dev.retention.runtime.RetentionRuntime
import jakarta.persistence.EntityManagerFactory
import jakarta.persistence.PersistenceConfiguration
import jakarta.persistence.PersistenceUnitTransactionType
import java.time.Clock
import java.time.Duration
import java.time.Instant
import java.time.ZoneOffset
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** The pass kapt generated for the Kotlin entity, found by the runtime and swept over H2 at a fixed clock. */
class UserSessionSweepTest {

    private val now = Instant.parse("2026-01-01T12:00:00Z")
    private val clock = Clock.fixed(now, ZoneOffset.UTC)

    @Test
    fun `the sweep deletes the expired sessions and keeps the live ones`() {
        openH2().use { emf ->
            persist(emf,
                UserSession(1, now.minus(Duration.ofDays(1))),
                UserSession(2, now.minusSeconds(1)),
                UserSession(3, now.plusSeconds(1)),
                UserSession(4, now.plus(Duration.ofDays(1))))

            RetentionRuntime.builder(emf).clock(clock).build().use { retention ->
                assertEquals(listOf("com.example.UserSession"), retention.passes().map { it.name() })
                val report = retention.sweep("com.example.UserSession")
                assertTrue(report.succeeded()) { "the sweep failed: $report" }
                assertEquals(2, report.deleted()) { "rows deleted by $report" }
            }

            assertEquals(listOf(3L, 4L), remainingIds(emf))
        }
    }

    private fun openH2(): EntityManagerFactory =
        PersistenceConfiguration("consumer-kotlin")
            .transactionType(PersistenceUnitTransactionType.RESOURCE_LOCAL)
            .property(PersistenceConfiguration.JDBC_URL, "jdbc:h2:mem:consumer-kotlin;DB_CLOSE_DELAY=-1")
            .property(PersistenceConfiguration.SCHEMAGEN_DATABASE_ACTION, "drop-and-create")
            .managedClass(UserSession::class.java)
            .createEntityManagerFactory()

    private fun persist(emf: EntityManagerFactory, vararg sessions: UserSession) =
        emf.runInTransaction { em -> sessions.forEach(em::persist) }

    private fun remainingIds(emf: EntityManagerFactory): List<Long> =
        emf.callInTransaction { em ->
            em.createQuery("select s.id from UserSession s order by s.id", Long::class.javaObjectType).resultList
        }
}
