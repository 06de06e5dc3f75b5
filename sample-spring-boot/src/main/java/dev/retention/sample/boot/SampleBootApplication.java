package dev.retention.sample.boot;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * A Spring Boot application as a user writes one: an entity with {@code @Ttl}, the starter on the class path, the
 * actuator exposing {@code retention}, {@code health} and {@code prometheus}, a before-delete hook as a bean
 * ({@link DeletedTokens}). Nothing else configures Retention; the starter's auto-configuration does. The same sources
 * are built against Spring Boot 3.5 and 4.0.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class SampleBootApplication {

  public static void main(String[] args) {
    SpringApplication.run(SampleBootApplication.class, args);
  }
}
