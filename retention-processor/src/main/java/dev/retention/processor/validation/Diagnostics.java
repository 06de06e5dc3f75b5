package dev.retention.processor.validation;

import javax.annotation.processing.Messager;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

/**
 * Prints messages on the element, the annotation and the annotation value they concern, so that the IDE underlines the
 * right token, and remembers whether any error was printed. It prints what it is given: each member and entity is
 * checked once, so nothing is printed twice.
 */
public final class Diagnostics {

  private final Messager messager;
  private boolean errors;

  public Diagnostics(Messager messager) {
    this.messager = messager;
  }

  /** Prints every problem of the report. */
  public void print(ValidationReport report) {
    report.problems().forEach(this::report);
  }

  public void report(Problem problem) {
    Message message = problem.message();
    if (message.kind() == Diagnostic.Kind.WARNING && suppressed(problem.element(), message.tag())) {
      return;
    }
    if (message.kind() == Diagnostic.Kind.ERROR) {
      errors = true;
    }
    String text = problem.text();
    if (problem.value() != null) {
      messager.printMessage(message.kind(), text, problem.element(), problem.annotation(), problem.value());
    } else if (problem.annotation() != null) {
      messager.printMessage(message.kind(), text, problem.element(), problem.annotation());
    } else if (problem.element() != null) {
      messager.printMessage(message.kind(), text, problem.element());
    } else {
      messager.printMessage(message.kind(), text);
    }
  }

  /** Whether any error was printed in this compilation. */
  public boolean hadErrors() {
    return errors;
  }

  /** A {@code @SuppressWarnings} on the element or any enclosing element that names {@code tag} or "all". */
  public static boolean suppressed(Element element, String tag) {
    for (Element current = element; current != null; current = current.getEnclosingElement()) {
      SuppressWarnings suppress = current.getAnnotation(SuppressWarnings.class);
      if (suppress != null) {
        for (String value : suppress.value()) {
          if (value.equals(tag) || value.equals("all")) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
