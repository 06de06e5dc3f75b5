package dev.retention.it.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A suite proven on every JPA stack the project supports: Hibernate 7.4 here, and Hibernate 6.6 and EclipseLink in
 * their own modules, which run the suites of this module's test jar that carry this tag (Surefire's
 * {@code <groups>every-provider</groups>}), so that a suite is chosen where it is written, not in lists copied into
 * each module's pom. A suite without it is proven on Hibernate 7.4 alone: say why in its javadoc.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(EveryProvider.TAG)
public @interface EveryProvider {

  /** The tag the provider modules select. */
  String TAG = "every-provider";
}
