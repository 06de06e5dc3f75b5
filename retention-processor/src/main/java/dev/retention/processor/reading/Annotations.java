package dev.retention.processor.reading;

import dev.retention.Ttl;
import dev.retention.TtlScope;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * Reads annotations by name, so that the processor needs no JPA API on its own class path.
 */
public final class Annotations {

  public static final String TTL = Ttl.class.getCanonicalName();
  public static final String TTL_SCOPE = TtlScope.class.getCanonicalName();

  public static final String ENTITY = "jakarta.persistence.Entity";
  public static final String MAPPED_SUPERCLASS = "jakarta.persistence.MappedSuperclass";
  public static final String EMBEDDABLE = "jakarta.persistence.Embeddable";
  public static final String ID = "jakarta.persistence.Id";
  public static final String EMBEDDED_ID = "jakarta.persistence.EmbeddedId";
  public static final String ID_CLASS = "jakarta.persistence.IdClass";
  public static final String TRANSIENT = "jakarta.persistence.Transient";
  public static final String ACCESS = "jakarta.persistence.Access";
  public static final String COLUMN = "jakarta.persistence.Column";
  public static final String TABLE = "jakarta.persistence.Table";
  public static final String TEMPORAL = "jakarta.persistence.Temporal";
  public static final String PRE_REMOVE = "jakarta.persistence.PreRemove";
  public static final String POST_REMOVE = "jakarta.persistence.PostRemove";
  public static final String ENTITY_LISTENERS = "jakarta.persistence.EntityListeners";
  public static final String ONE_TO_ONE = "jakarta.persistence.OneToOne";
  public static final String ONE_TO_MANY = "jakarta.persistence.OneToMany";
  public static final String MANY_TO_ONE = "jakarta.persistence.ManyToOne";
  public static final String MANY_TO_MANY = "jakarta.persistence.ManyToMany";
  public static final String ELEMENT_COLLECTION = "jakarta.persistence.ElementCollection";
  public static final String EMBEDDED = "jakarta.persistence.Embedded";

  private Annotations() {}

  /** The annotation named {@code qualifiedName} directly on {@code element}. */
  public static Optional<AnnotationMirror> find(Element element, String qualifiedName) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      TypeElement type = (TypeElement) mirror.getAnnotationType().asElement();
      if (type.getQualifiedName().contentEquals(qualifiedName)) {
        return Optional.of(mirror);
      }
    }
    return Optional.empty();
  }

  public static boolean has(Element element, String qualifiedName) {
    return find(element, qualifiedName).isPresent();
  }

  /** The value of {@code name} written in the annotation; empty when it is left to its default. */
  public static Optional<AnnotationValue> explicitValue(AnnotationMirror mirror, String name) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry
        : mirror.getElementValues().entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals(name)) {
        return Optional.of(entry.getValue());
      }
    }
    return Optional.empty();
  }

  /** A string value, or {@code fallback} when it is left to its default. */
  public static String stringValue(AnnotationMirror mirror, String name, String fallback) {
    return explicitValue(mirror, name).map(value -> (String) value.getValue()).orElse(fallback);
  }

  /** The elements of an array value written in the annotation (a single value counts as one). */
  @SuppressWarnings("unchecked")
  public static List<? extends AnnotationValue> arrayValue(AnnotationMirror mirror, String name) {
    return explicitValue(mirror, name)
        .map(value -> value.getValue() instanceof List
            ? (List<? extends AnnotationValue>) value.getValue()
            : List.of(value))
        .orElse(List.of());
  }
}
