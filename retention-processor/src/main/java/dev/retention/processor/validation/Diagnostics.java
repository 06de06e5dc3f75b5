package dev.retention.processor.validation;

import java.util.HashSet;
import java.util.Set;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

/**
 * Prints messages on the element, the annotation and the annotation value they concern, so that the IDE underlines the
 * right token. Remembers what it printed, so that an attribute checked for several entities is reported once, and
 * whether any error was printed.
 */
public final class Diagnostics {

  private final Messager messager;
  private final Set<String> printed = new HashSet<>();
  private boolean errors;

  public Diagnostics(Messager messager) {
    this.messager = messager;
  }

  public void report(Problem problem) {
    Message message = problem.message();
    if (message.kind() == Diagnostic.Kind.WARNING && suppressed(problem.element(), message.tag())) {
      return;
    }
    String text = problem.text();
    if (!printed.add(text + '\u0000' + problem.element())) {
      return;
    }
    if (message.kind() == Diagnostic.Kind.ERROR) {
      errors = true;
    }
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

  /**
   * One message about one place.
   *
   * @param element where it is printed; null for a message about the compilation
   * @param annotation the annotation on {@code element} it concerns, if any
   * @param value the annotation value it concerns, if any
   */
  public record Problem(
      Message message, String text, Element element, AnnotationMirror annotation, AnnotationValue value) {

    public static Problem on(Element element, AnnotationMirror annotation, Message message, Object... arguments) {
      return new Problem(message, message.format(arguments), element, annotation, null);
    }

    public static Problem onValue(Element element, AnnotationMirror annotation, AnnotationValue value,
        Message message, Object... arguments) {
      return new Problem(message, message.format(arguments), element, annotation, value);
    }

    public boolean isError() {
      return message.kind() == Diagnostic.Kind.ERROR;
    }
  }
}
