package dev.retention;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.RetentionPolicy.CLASS;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * Marks the attribute that splits the rows of a {@link Ttl @Ttl} entity into scopes: the tenant, the realm, the owner.
 *
 * <pre>{@code
 * @Entity
 * @Table(indexes = @Index(columnList = "tenant_id, created_at"))
 * class Notification {
 *   @TtlScope String tenantId;
 *   @Ttl(expireAfterSeconds = 2_592_000) Instant createdAt;
 * }
 * }</pre>
 *
 * <p>The runtime then sweeps the entity by scope, never with one statement over rows of scopes whose windows differ
 * (the scopes that share a window go together): {@code RetentionRuntime.sweep(pass, scopeValue)} sweeps one scope's rows on demand (when its user signs in,
 * say), each scope may have a window of its own (from configuration, {@code retention.<pass>.scope.<value>.retention},
 * or from code), and background sweeps give each scope a bounded share, so that one large scope cannot hold back the
 * others. Rows whose scope attribute is null form a scope of their own, with the pass's window.
 *
 * <p>The attribute is a basic attribute of the entity, of type {@code String}, {@code long}, {@code Long},
 * {@code int}, {@code Integer}, {@code short}, {@code Short} or {@code UUID}, and not the {@code @Ttl} attribute; an
 * entity has at most one. Statements filter on it and then on the {@code @Ttl} attribute, so the table wants an index
 * that starts with both columns, in that order.
 */
@Documented
@Retention(CLASS)
@Target({FIELD, METHOD})
public @interface TtlScope {}
