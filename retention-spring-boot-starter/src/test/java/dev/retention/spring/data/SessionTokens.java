package dev.retention.spring.data;

import dev.retention.spring.boot.model.SessionToken;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.JpaSpecificationExecutor;

/** A repository as an application declares one, with Specification queries. */
interface SessionTokens extends JpaRepository<SessionToken, Long>, JpaSpecificationExecutor<SessionToken> {}
