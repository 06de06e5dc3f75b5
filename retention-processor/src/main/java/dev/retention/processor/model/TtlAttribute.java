package dev.retention.processor.model;

import com.palantir.javapoet.TypeName;
import dev.retention.processor.reading.TemporalType;

/**
 * The {@code @Ttl} attribute of an entity.
 *
 * @param name the attribute's name in JPQL: the field's name, or the property's for a getter
 * @param type its temporal type
 * @param javaType its Java type as written in generated code
 * @param expireAfterSeconds the annotation's window
 * @param declaringClass the simple name of the class that declares it (the entity or a mapped superclass)
 * @param onGetter whether the annotation sits on a getter (property access) rather than on a field
 * @param condition the condition of {@code @Ttl(when = ...)}, or null when rows expire by their date alone
 */
public record TtlAttribute(
    String name,
    TemporalType type,
    TypeName javaType,
    long expireAfterSeconds,
    String declaringClass,
    boolean onGetter,
    String condition) {}
