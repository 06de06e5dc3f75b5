package dev.retention.micronaut.model;

import io.micronaut.data.annotation.Repository;
import io.micronaut.data.repository.GenericRepository;

/**
 * The application's repository of tokens. Under Micronaut Data's {@code DATASOURCE} multi-tenancy it reads the data
 * source of the tenant the application's resolver answers for the request.
 */
@Repository
public interface SessionTokens extends GenericRepository<SessionToken, Long> {

  long count();
}
