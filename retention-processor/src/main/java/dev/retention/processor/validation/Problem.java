package dev.retention.processor.validation;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

/**
 * One message about one place.
 *
 * @param message the catalogue entry
 * @param text the message with its tag and arguments filled in
 * @param element where it is printed; null for a message about the compilation
 * @param annotation the annotation on {@code element} it concerns, if any
 * @param value the annotation value it concerns, if any
 */
public record Problem(
    Message message, String text, Element element, AnnotationMirror annotation, AnnotationValue value) {

  public static Problem on(Element element, AnnotationMirror annotation, Message message, Object... arguments) {
    return new Problem(message, message.format(arguments), element, annotation, null);
  }

  public static Problem onValue(Element element, AnnotationMirror annotation, AnnotationValue value, Message message,
      Object... arguments) {
    return new Problem(message, message.format(arguments), element, annotation, value);
  }

  public boolean isError() {
    return message.kind() == Diagnostic.Kind.ERROR;
  }
}
