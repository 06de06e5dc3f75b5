package dev.retention.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.retention.spring.boot.WrongStarterException;
import dev.retention.spring.boot.application.TestApplication;
import dev.retention.spring.boot.support.JpaContexts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.core.io.DefaultResourceLoader;

/**
 * The starter of one Spring Boot line on the other fails start-up naming the artifact to use, instead of sweeping
 * without its health indicator. These tests run on Boot 4 with the Boot 3 starter's own description of itself (its
 * {@code META-INF/retention/spring-boot-starter.properties}) in place of, or beside, the Boot 4 starter's.
 */
@ExtendWith(OutputCaptureExtension.class)
class WrongStarterTest {

  private static final Path BOOT3_STARTER = Path.of("../retention-spring-boot3-starter/src/main/resources",
      BootLine.RESOURCE);

  @Test
  void theBoot3StarterOnBoot4FailsStartUpNamingTheStarterToUse() {
    JpaContexts.runner().withClassLoader(starters(false)).run(context -> assertThat(context).getFailure()
        .rootCause()
        .isInstanceOf(WrongStarterException.class)
        .hasMessage("dev.retention:retention-spring-boot3-starter is built for Spring Boot 3.5, and the application"
            + " runs Spring Boot " + SpringBootVersion.getVersion() + ": its health indicator and endpoint would be"
            + " missing. Replace it with dev.retention:retention-spring-boot-starter, the starter for Spring Boot"
            + " 4.0, at the same version"));
  }

  @Test
  void bothStartersOnTheClassPathFailStartUpNamingTheOneToKeep() {
    JpaContexts.runner().withClassLoader(starters(true)).run(context -> assertThat(context).getFailure()
        .rootCause()
        .isInstanceOf(WrongStarterException.class)
        .hasMessageContaining("Two Retention starters are on the class path")
        .hasMessageEndingWith("Keep only dev.retention:retention-spring-boot-starter (for Spring Boot 4.0)"));
  }

  @Test
  void theStarterOfTheRunningLineStarts() {
    JpaContexts.runner().run(context -> assertThat(context).hasNotFailed());
  }

  @Test
  void theFailureAnalysisSaysWhatToDo(CapturedOutput output) {
    SpringApplicationBuilder application = new SpringApplicationBuilder(TestApplication.class)
        .resourceLoader(new DefaultResourceLoader(starters(false)))
        .web(WebApplicationType.NONE)
        .properties("spring.datasource.generate-unique-name=true");

    assertThatThrownBy(() -> application.run().close()).hasRootCauseInstanceOf(WrongStarterException.class);
    assertThat(output.getOut() + output.getErr())
        .contains("APPLICATION FAILED TO START")
        .contains("dev.retention:retention-spring-boot3-starter is built for Spring Boot 3.5")
        .contains("Action:")
        .contains("Replace it with dev.retention:retention-spring-boot-starter, the starter for Spring Boot 4.0");
  }

  /** The test's class loader, with the Boot 3 starter's description instead of the Boot 4 one's, or beside it. */
  private static ClassLoader starters(boolean keepTheBoot4One) {
    URL boot3;
    try {
      boot3 = BOOT3_STARTER.toUri().toURL();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new ClassLoader(WrongStarterTest.class.getClassLoader()) {
      @Override
      public Enumeration<URL> getResources(String name) throws IOException {
        if (!name.equals(BootLine.RESOURCE)) {
          return super.getResources(name);
        }
        List<URL> found = new ArrayList<>();
        if (keepTheBoot4One) {
          found.addAll(Collections.list(super.getResources(name)));
        }
        found.add(boot3);
        return Collections.enumeration(found);
      }
    };
  }
}
