package dev.retention.spring.boot.autoconfigure;

import static dev.retention.spring.boot.support.JpaContexts.NOW;
import static dev.retention.spring.boot.support.JpaContexts.SESSION_TOKEN;
import static dev.retention.spring.boot.support.JpaContexts.TENANT_NOTE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import dev.retention.spring.boot.ScopeWindowsRegistration;
import dev.retention.spring.boot.scoped.TenantNote;
import dev.retention.spring.boot.support.JpaContexts;
import dev.retention.spring.boot.support.TestData;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** {@link ScopeWindowsRegistration} beans: each pass's one, used at every sweep; two for one pass stop start-up. */
class ScopeWindowsBeansTest {

  private final ApplicationContextRunner runner = JpaContexts.runner()
      .withUserConfiguration(JpaContexts.ScopedEntities.class, JpaContexts.FixedClock.class);

  @Test
  void aScopeWindowsBeanGivesItsScopesTheirWindows() {
    runner.withUserConfiguration(AcmeKeepsOneHour.class).run(context -> {
      EntityManagerFactory emf = context.getBean(EntityManagerFactory.class);
      TestData.persist(emf, List.of(
          new TenantNote(1, "acme", NOW.minus(Duration.ofHours(2))),
          new TenantNote(2, "beta", NOW.minus(Duration.ofHours(2))),
          new TenantNote(3, "beta", NOW.minus(Duration.ofDays(2)))));

      SweepReport report = context.getBean(RetentionRuntime.class).sweep(TENANT_NOTE);

      assertThat(report.failure()).isEmpty();
      assertThat(context.getBean(AcmeKeepsOneHour.class).asked).containsExactlyInAnyOrder("acme", "beta");
      assertThat(remainingIds(emf)).as("acme's note is past its 1h, beta's recent one within the pass's day")
          .containsExactly(2L);
    });
  }

  @Test
  void twoScopeWindowsBeansForOnePassFailStartUpNamingThePassAndBothBeans() {
    runner.withUserConfiguration(TwoForOnePass.class).run(context -> {
      assertThat(context).hasFailed();
      assertThat(context.getStartupFailure()).rootCause()
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("Pass " + TENANT_NOTE + " has 2 ScopeWindowsRegistration beans,"
              + " 'fromTenantTable' and 'fromDefaults', and takes one");
    });
  }

  @Test
  void aScopeWindowsBeanForAPassWithoutScopesFailsStartUp() {
    runner.withBean(ScopeWindowsRegistration.class,
            () -> ScopeWindowsRegistration.of(SESSION_TOKEN, scope -> Optional.empty()))
        .run(context -> {
          assertThat(context).hasFailed();
          assertThat(context.getStartupFailure()).rootCause()
              .isInstanceOf(RetentionConfigurationException.class)
              .hasMessageContaining("scopeWindows(\"" + SESSION_TOKEN + "\", ...) in code: pass " + SESSION_TOKEN
                  + " has no @TtlScope attribute");
        });
  }

  private static List<Long> remainingIds(EntityManagerFactory emf) {
    EntityManager em = emf.createEntityManager();
    try {
      return em.createQuery("select n.id from TenantNote n order by n.id", Long.class).getResultList();
    } finally {
      em.close();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class AcmeKeepsOneHour {

    final Set<Object> asked = ConcurrentHashMap.newKeySet();

    @Bean
    ScopeWindowsRegistration tenantWindows() {
      return ScopeWindowsRegistration.of(TenantNote.class, tenant -> {
        asked.add(tenant);
        return tenant.equals("acme") ? Optional.of(Duration.ofHours(1)) : Optional.empty();
      });
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class TwoForOnePass {

    @Bean
    ScopeWindowsRegistration fromTenantTable() {
      return ScopeWindowsRegistration.of(TenantNote.class, tenant -> Optional.empty());
    }

    @Bean
    ScopeWindowsRegistration fromDefaults() {
      return ScopeWindowsRegistration.of(TENANT_NOTE, tenant -> Optional.of(Duration.ofDays(7)));
    }
  }
}
