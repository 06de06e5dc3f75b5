package dev.retention.spring.boot.diagnostics;

import dev.retention.spring.boot.WrongStarterException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns the wrong starter for the Spring Boot line into Boot's "APPLICATION FAILED TO START" report. */
class WrongStarterFailureAnalyzer extends AbstractFailureAnalyzer<WrongStarterException> {

  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, WrongStarterException cause) {
    return new FailureAnalysis(cause.description(), cause.action(), cause);
  }
}
