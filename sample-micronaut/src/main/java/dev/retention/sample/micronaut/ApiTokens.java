package dev.retention.sample.micronaut;

import io.micronaut.data.annotation.Repository;
import io.micronaut.data.repository.CrudRepository;

/** The tokens, through Micronaut Data: its processor writes this repository beside Retention's pass. */
@Repository
interface ApiTokens extends CrudRepository<ApiToken, Long> {}
