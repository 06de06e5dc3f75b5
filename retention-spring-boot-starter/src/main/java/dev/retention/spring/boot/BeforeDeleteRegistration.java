package dev.retention.spring.boot;

import dev.retention.runtime.BeforeDelete;
import dev.retention.runtime.RetentionRuntime;
import java.util.Objects;

/**
 * A {@link BeforeDelete} hook for one pass, declared as a bean: the starter registers every such bean on its runtime's
 * builder, as {@link RetentionRuntime.Builder#beforeDelete(String, BeforeDelete)} would.
 *
 * <pre>{@code
 * @Bean
 * BeforeDeleteRegistration archiveAuditEntries(AuditArchive archive) {
 *   return BeforeDeleteRegistration.of(AuditEntry.class, (em, ids) -> archive.copy(em, ids));
 * }
 * }</pre>
 *
 * <p>Hooks of one pass run in the beans' {@link org.springframework.core.annotation.Order order} ({@code @Order} on
 * the bean method), inside the batch's transaction; a hook that throws rolls its batch back. A hook for a name that is
 * no pass fails start-up. A {@code RetentionRuntime} bean of the application's own, which replaces the
 * starter's, does not see these beans: register its hooks on its builder.
 */
public final class BeforeDeleteRegistration {

  private final String passName;
  private final BeforeDelete hook;

  private BeforeDeleteRegistration(String passName, BeforeDelete hook) {
    this.passName = Objects.requireNonNull(passName, "passName");
    this.hook = Objects.requireNonNull(hook, "hook");
  }

  /** The hook for the pass of {@code entity}, the {@code @Ttl} entity whose rows it is given. */
  public static BeforeDeleteRegistration of(Class<?> entity, BeforeDelete hook) {
    return new BeforeDeleteRegistration(PassNames.of(entity), hook);
  }

  /** The hook for the pass named {@code passName}, the entity's canonical class name. */
  public static BeforeDeleteRegistration of(String passName, BeforeDelete hook) {
    return new BeforeDeleteRegistration(passName, hook);
  }

  /** The name of the pass whose batches call the hook. */
  public String passName() {
    return passName;
  }

  /** The hook, called with each batch's rows before they are deleted. */
  public BeforeDelete hook() {
    return hook;
  }

  @Override
  public String toString() {
    return "BeforeDeleteRegistration[" + passName + "]";
  }
}
