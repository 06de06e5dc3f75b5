package dev.retention.sample.boot;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.JpaSpecificationExecutor;

/** The tokens as a Spring Data repository, queried with the starter's {@code RetentionSpecifications}. */
interface ApiTokens extends JpaRepository<ApiToken, Long>, JpaSpecificationExecutor<ApiToken> {}
