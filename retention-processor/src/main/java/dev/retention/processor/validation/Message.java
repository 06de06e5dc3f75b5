package dev.retention.processor.validation;

import javax.tools.Diagnostic;

/**
 * Every message the processor prints, each with a stable tag: what is wrong, then how to fix it. Messages are printed
 * as {@code [retention:<tag>] <text>}.
 */
public enum Message {
  TYPE(Diagnostic.Kind.ERROR, "type",
      "@Ttl is on %s of type %s, which is not a date, so no expiry can be computed from it. Put @Ttl on an attribute"
          + " of one of these types: %s; or on a long, Long, int or Integer that holds epoch time, naming its unit"
          + " with epoch = EpochUnit.SECONDS or EpochUnit.MILLISECONDS"),
  TIME_ONLY(Diagnostic.Kind.ERROR, "type",
      "@Ttl is on %s, mapped with @Temporal(TIME): a time of day without a date is no instant, so rows could never"
          + " be compared with a cutoff. Map it as TIMESTAMP or DATE, or put @Ttl on a full date attribute"),
  EPOCH_UNIT(Diagnostic.Kind.ERROR, "epoch",
      "@Ttl is on %s of type %s, a number that says nothing of its unit, and the unit is not named: seconds and"
          + " milliseconds differ a thousandfold, so it is never guessed. Name the unit the attribute holds epoch time"
          + " in: @Ttl(expireAfterSeconds = ..., epoch = EpochUnit.SECONDS) or epoch = EpochUnit.MILLISECONDS"),
  EPOCH_INT_MILLIS(Diagnostic.Kind.ERROR, "epoch",
      "@Ttl is on %s of type %s with epoch = EpochUnit.MILLISECONDS, but an int of epoch milliseconds overflows on"
          + " 1970-01-25. Make the attribute a long or Long, or store seconds with epoch = EpochUnit.SECONDS"),
  EPOCH_ON_DATE(Diagnostic.Kind.ERROR, "epoch",
      "@Ttl is on %s of type %s, a date, but names epoch = EpochUnit.%s, which only a number of seconds or"
          + " milliseconds needs. Remove epoch from the annotation"),
  CONDITION_ATTRIBUTE(Diagnostic.Kind.ERROR, "condition",
      "@Ttl(when = \"%s\") names e.%s, which is no attribute of %s, so no row could be judged by it. Name an"
          + " attribute of the entity or its superclasses: %s"),
  CONDITION_NO_ATTRIBUTE(Diagnostic.Kind.ERROR, "condition",
      "@Ttl(when = \"%s\") names no attribute as e.<attribute>, so it cannot be about the row being expired. Write"
          + " the entity's attributes with the alias e, as in when = \"e.status = 'FINISHED'\""),
  CONDITION_PARAMETER(Diagnostic.Kind.ERROR, "condition",
      "@Ttl(when = \"%s\") has the parameter %s, which nothing binds. Write the value as a literal, as in"
          + " e.status = 'FINISHED' or e.attempts >= 3"),
  CONDITION_UNBALANCED(Diagnostic.Kind.ERROR, "condition",
      "@Ttl(when = \"%s\") %s, so it is not one expression: the statements put it in parentheses after the date's"
          + " comparison, and a condition that is not balanced could make rows go whose date has not expired. Write"
          + " one balanced boolean expression, closing every parenthesis and string literal it opens (a quote inside a"
          + " literal is written ''), as in when = \"(e.a = 1 or e.b = 2)\""),
  CONDITION_UNCLEAR(Diagnostic.Kind.ERROR, "condition",
      "@Ttl(when = \"%s\") %s, so where its parentheses close depends on the provider, and a condition whose"
          + " parentheses close early could make rows go whose date has not expired. Write string literals in single"
          + " quotes, a quote inside one as '', and no comments, as in when = \"e.name = 'O''Brien'\""),
  NOT_AN_ENTITY(Diagnostic.Kind.ERROR, "entity",
      "@Ttl is in %s, which is neither an @Entity nor a @MappedSuperclass, so there is no table to delete from."
          + " Annotate the class with @Entity (or @MappedSuperclass), or move @Ttl to an entity"),
  EMBEDDABLE(Diagnostic.Kind.ERROR, "embeddable",
      "@Ttl is in @Embeddable %s: an embeddable has no rows of its own, and the same embeddable may sit in several"
          + " entities with different lifetimes. Put @Ttl on a date attribute of the entity itself"),
  RANGE(Diagnostic.Kind.ERROR, "range",
      "expireAfterSeconds = %d is out of range. Use 0 when the attribute is the expiry instant itself, or a window"
          + " from 1 to %d seconds (about %d years)"),
  DUPLICATE(Diagnostic.Kind.ERROR, "duplicate",
      "%s has two @Ttl attributes in its hierarchy, %s and %s: a row can expire by one rule only. Keep @Ttl on one of"
          + " them"),
  DUPLICATE_SCOPE(Diagnostic.Kind.ERROR, "scope",
      "%s has two @TtlScope attributes in its hierarchy, %s and %s: its rows are swept by one scope only. Keep"
          + " @TtlScope on one of them"),
  SCOPE_NOT_AN_ENTITY(Diagnostic.Kind.ERROR, "scope",
      "@TtlScope is in %s, which is neither an @Entity nor a @MappedSuperclass, so it has no rows to split into"
          + " scopes. Put @TtlScope on a basic attribute of the entity that has the @Ttl attribute, or of a"
          + " @MappedSuperclass it extends"),
  SCOPE_WITHOUT_TTL(Diagnostic.Kind.ERROR, "scope",
      "@TtlScope is on %s, but %s has no @Ttl attribute in its hierarchy, so none of its rows expire and there is"
          + " nothing to sweep scope by scope. Add @Ttl to a date attribute of %s, or remove @TtlScope"),
  SCOPE_BELOW_PASS(Diagnostic.Kind.ERROR, "scope",
      "@TtlScope is on %s, but the rows of %s are swept by the pass of the entity it extends, %s, whose statements"
          + " cannot name an attribute of a subclass. Put @TtlScope on an attribute of %s or of a @MappedSuperclass"
          + " it extends"),
  SCOPE_ON_TTL(Diagnostic.Kind.ERROR, "scope",
      "@TtlScope is on %s, which is the @Ttl attribute itself: a scope is a value that many rows share, such as"
          + " their tenant, not their date. Put @TtlScope on the attribute that names the rows' owner, such as the"
          + " tenant's id"),
  SCOPE_TYPE(Diagnostic.Kind.ERROR, "scope",
      "@TtlScope is on %s of type %s, %s, but a scope is the value of one basic column, named in configuration and"
          + " compared by statements: String, long, Long, int, Integer, short, Short or UUID. Put @TtlScope on such a"
          + " column, such as the tenant's id%s"),
  STATIC(Diagnostic.Kind.ERROR, "static",
      "%s is on static %s, which is no column of any row. Put %s on an instance attribute"),
  TRANSIENT(Diagnostic.Kind.ERROR, "transient",
      "%s is on %s, which is %s and so not stored: no row can be compared by it. Put %s on a persistent"
          + " attribute, or remove %s"),
  GETTER(Diagnostic.Kind.ERROR, "getter",
      "%s is on %s, which is not a property getter. Put it on a getter (getX() or isX(), no parameters,"
          + " returning the %s) or on the field"),
  ACCESS(Diagnostic.Kind.ERROR, "access",
      "%s is on %s, but %s uses %s access (%s), so JPA reads its mapping from %s. Put %s on %s"),
  NO_ID(Diagnostic.Kind.ERROR, "id",
      "%s has no @Id or @EmbeddedId in its hierarchy, so its expired rows cannot be selected and deleted by id. Add"
          + " an id attribute"),
  UNREACHABLE(Diagnostic.Kind.ERROR, "reach",
      "%s is %s, so the retention pass generated into package %s cannot refer to it. Make it %s"),
  GENERIC(Diagnostic.Kind.ERROR, "generic",
      "%s declares type parameters, which an entity cannot have: JPA needs one concrete class per table. Remove the"
          + " type parameters"),
  INDEX(Diagnostic.Kind.WARNING, "index",
      "No index of %s starts with column %s, the @Ttl column: every sweep would scan the table. Add"
          + " @Table(indexes = @Index(columnList = \"%s\")), or, when the index exists outside the mapping (a"
          + " migration), silence this with @SuppressWarnings(\"retention:index\")"),
  INDEX_SCOPED(Diagnostic.Kind.WARNING, "index",
      "No index of %s starts with columns %s, %s, the @TtlScope column and then the @Ttl column: statements filter"
          + " on one scope and then on the date, so every sweep of a scope would scan the table. Add"
          + " @Table(indexes = @Index(columnList = \"%s, %s\")), or, when the index exists outside the mapping (a"
          + " migration), silence this with @SuppressWarnings(\"retention:index\")"),
  UNRESOLVED(Diagnostic.Kind.ERROR, "unresolved",
      "%s cannot be read: %s, which it extends, was still missing when annotation processing ended, so whether it"
          + " has a @Ttl attribute is unknown. Put %s on the class path, or have the processor that generates it run"
          + " in this compilation"),
  LATE(Diagnostic.Kind.ERROR, "late",
      "%s is an entity with a @Ttl attribute that appeared in annotation processing round %d, after the registry %s"
          + " was written in round %d without it, so the runtime would never sweep it. This happens when another"
          + " processor generates the entity, or a class it extends, late. Have that processor generate it earlier,"
          + " or compile the entity in a module of its own"),
  STRATEGY(Diagnostic.Kind.NOTE, "strategy", "%s is deleted with %s: %s"),
  UNKNOWN_OPTION(Diagnostic.Kind.ERROR, "option", "Unknown processor option -A%s. Allowed: %s"),
  REGISTRY_OPTION(Diagnostic.Kind.ERROR, "option", "-A%s=%s is not a fully qualified class name. Allowed: %s"),
  UNEXPECTED(Diagnostic.Kind.ERROR, "internal",
      "The retention processor failed on %s: %s. Please report this, with the message and the class, as a bug");

  private final Diagnostic.Kind kind;
  private final String tag;
  private final String format;

  Message(Diagnostic.Kind kind, String tag, String format) {
    this.kind = kind;
    this.tag = tag;
    this.format = format;
  }

  public Diagnostic.Kind kind() {
    return kind;
  }

  /** The stable tag, as in {@code [retention:<tag>]} and {@code @SuppressWarnings("retention:<tag>")}. */
  public String tag() {
    return "retention:" + tag;
  }

  /** The message with its tag, {@code arguments} filled in. */
  public String format(Object... arguments) {
    return "[" + tag() + "] " + String.format(format, arguments);
  }
}
