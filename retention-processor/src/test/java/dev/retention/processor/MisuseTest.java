package dev.retention.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.retention.processor.Sources.compile;
import static dev.retention.processor.Sources.source;

import com.google.testing.compile.Compilation;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * One test per entry of the message catalogue: the tag, the message, the file and the line, and no other error. Each
 * source differs from a valid entity in the one way the test is about.
 */
class MisuseTest {

  private static final String IMPORTS =
      "import dev.retention.EpochUnit; import dev.retention.Ttl; import jakarta.persistence.*; import java.time.*;";

  @Test
  void anAttributeOfANonDateTypeIsAnErrorListingTheSupportedTypes() {
    JavaFileObject entity = entity("Session",
        "@Id Long id;",
        "@Ttl(expireAfterSeconds = 60)",
        "String expiresAt;");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:type] @Ttl is on field Session.expiresAt of type"
            + " java.lang.String, which is not a date, so no expiry can be computed from it. Put @Ttl on an attribute"
            + " of one of these types: java.time.Instant, java.time.OffsetDateTime, java.time.ZonedDateTime,"
            + " java.time.LocalDateTime, java.time.LocalDate, java.util.Date, java.sql.Timestamp, java.sql.Date,"
            + " java.util.Calendar; or on a long, Long, int or Integer that holds epoch time, naming its unit with"
            + " epoch = EpochUnit.SECONDS or EpochUnit.MILLISECONDS")
        .inFile(entity).onLineContaining("@Ttl(expireAfterSeconds = 60)");
  }

  @Test
  void aNumberWithoutItsEpochUnitIsAnErrorNamingBothUnits() {
    JavaFileObject entity = entity("Session",
        "@Id Long id;",
        "@Ttl(expireAfterSeconds = 0)",
        "long expiresAt;");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:epoch] @Ttl is on field Session.expiresAt of type long, a"
            + " number that says nothing of its unit, and the unit is not named: seconds and milliseconds differ a"
            + " thousandfold, so it is never guessed. Name the unit the attribute holds epoch time in:"
            + " @Ttl(expireAfterSeconds = ..., epoch = EpochUnit.SECONDS) or epoch = EpochUnit.MILLISECONDS")
        .inFile(entity).onLineContaining("@Ttl(expireAfterSeconds = 0)");
  }

  @Test
  void anIntOfEpochMillisecondsIsAnErrorOnTheUnit() {
    JavaFileObject entity = entity("Session",
        "@Id Long id;",
        "@Ttl(expireAfterSeconds = 0,",
        "     epoch = EpochUnit.MILLISECONDS)",
        "Integer expiresAt;");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:epoch] @Ttl is on field Session.expiresAt of type"
            + " java.lang.Integer with epoch = EpochUnit.MILLISECONDS, but an int of epoch milliseconds overflows on"
            + " 1970-01-25. Make the attribute a long or Long, or store seconds with epoch = EpochUnit.SECONDS")
        .inFile(entity).onLineContaining("epoch = EpochUnit.MILLISECONDS");
  }

  @Test
  void aConditionNamingNoAttributeOfTheHierarchyIsAnErrorListingThem() {
    JavaFileObject entity = entity("Session",
        "@Id Long id;",
        "String state;",
        "@Ttl(expireAfterSeconds = 0,",
        "     when = \"e.status = 'CLOSED'\")",
        "Instant expiresAt;");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:condition] @Ttl(when = \"e.status = 'CLOSED'\") names"
            + " e.status, which is no attribute of com.acme.Session, so no row could be judged by it. Name an attribute"
            + " of the entity or its superclasses: expiresAt, id, state")
        .inFile(entity).onLineContaining("when = ");
  }

  @Test
  void aConditionWithoutTheAliasIsAnError() {
    JavaFileObject entity = entity("Session",
        "@Id Long id;",
        "String state;",
        "@Ttl(expireAfterSeconds = 0,",
        "     when = \"state = 'CLOSED'\")",
        "Instant expiresAt;");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:condition] @Ttl(when = \"state = 'CLOSED'\") names no"
            + " attribute as e.<attribute>, so it cannot be about the row being expired. Write the entity's attributes"
            + " with the alias e, as in when = \"e.status = 'FINISHED'\"")
        .inFile(entity).onLineContaining("when = ");
  }

  @Test
  void aConditionWithAParameterIsAnError() {
    JavaFileObject entity = entity("Session",
        "@Id Long id;",
        "String state;",
        "@Ttl(expireAfterSeconds = 0,",
        "     when = \"e.state = :closed and e.id <> 'a:b'\")",
        "Instant expiresAt;");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:condition] @Ttl(when = \"e.state = :closed and e.id <>"
            + " 'a:b'\") has the parameter :closed, which nothing binds. Write the value as a literal, as in"
            + " e.status = 'FINISHED' or e.attempts >= 3")
        .inFile(entity).onLineContaining("when = ");
  }

  /** The statement would read {@code e.expiresAt <= :cutoff and (e.a = 1) or (e.b = 2)}: the or escapes the date. */
  @Test
  void aConditionWhoseParenthesesCloseEarlyIsAnError() {
    JavaFileObject entity = conditional("e.a = 1) or (e.b = 2");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:condition] @Ttl(when = \"e.a = 1) or (e.b = 2\") closes a"
            + " parenthesis at character 8 that it never opened, so it is not one expression: the statements put it"
            + " in parentheses after the date's comparison, and a condition that is not balanced could make rows go"
            + " whose date has not expired. Write one balanced boolean expression, closing every parenthesis and"
            + " string literal it opens (a quote inside a literal is written ''), as in when = \"(e.a = 1 or e.b ="
            + " 2)\"")
        .inFile(entity).onLineContaining("when = ");
  }

  @Test
  void aConditionLeavingAParenthesisOrALiteralOpenIsAnError() {
    JavaFileObject parenthesis = conditional("(e.a = 1 or (e.b = 2)");
    JavaFileObject literal = conditional("e.state = 'it''s) or (e.a = 1");

    Compilation open = compile(parenthesis);
    Compilation unterminated = compile(literal);

    assertThat(open).hadErrorCount(1);
    assertThat(open).hadErrorContaining("[retention:condition] @Ttl(when = \"(e.a = 1 or (e.b = 2)\") leaves a"
            + " parenthesis open, so it is not one expression")
        .inFile(parenthesis).onLineContaining("when = ");
    assertThat(unterminated).hadErrorCount(1);
    assertThat(unterminated).hadErrorContaining("[retention:condition] @Ttl(when = \"e.state = 'it''s) or (e.a ="
            + " 1\") has a string literal at character 11 that never ends, so it is not one expression")
        .inFile(literal).onLineContaining("when = ");
  }

  /** Each reads differently on Hibernate, which skips comments and has two more ways to write a literal. */
  @Test
  void aConditionWhoseParenthesesOnlySomeProvidersCountIsAnError() {
    JavaFileObject comment = conditional("/* ( */ e.a = 1) or (e.b = 2 /* ) */");
    JavaFileObject doubleQuoted = conditional("e.state = \\\"(\\\") or (e.b = 2 or e.state = \\\")\\\"");
    JavaFileObject backslash = conditional("e.state = 'O\\\\'Brien'");

    Compilation commentCompiled = compile(comment);
    assertThat(commentCompiled).hadErrorCount(1);
    assertThat(commentCompiled).hadErrorContaining("[retention:condition] @Ttl(when = \"/* ( */ e.a = 1) or (e.b ="
            + " 2 /* ) */\") has a comment at character 1: Hibernate skips /* ... */, JPQL does not, so where its"
            + " parentheses close depends on the provider, and a condition whose parentheses close early could make"
            + " rows go whose date has not expired. Write string literals in single quotes, a quote inside one as '',"
            + " and no comments, as in when = \"e.name = 'O''Brien'\"")
        .inFile(comment).onLineContaining("when = ");
    Compilation doubleQuotedCompiled = compile(doubleQuoted);
    assertThat(doubleQuotedCompiled).hadErrorCount(1);
    assertThat(doubleQuotedCompiled).hadErrorContaining("@Ttl(when = \"e.state = \"(\") or (e.b = 2 or e.state ="
            + " \")\"\") has a double quote at character 11: Hibernate reads \"...\" as a string literal, JPQL does"
            + " not, so where its parentheses close depends on the provider")
        .inFile(doubleQuoted).onLineContaining("when = ");
    Compilation backslashCompiled = compile(backslash);
    assertThat(backslashCompiled).hadErrorCount(1);
    assertThat(backslashCompiled).hadErrorContaining("@Ttl(when = \"e.state = 'O\\'Brien'\") has a backslash"
            + " before a quote at character 13, inside a string literal: Hibernate reads it as"
            + " a quote within the literal, JPQL as the literal's end, so where its parentheses close depends on the"
            + " provider")
        .inFile(backslash).onLineContaining("when = ");
  }

  @Test
  void parenthesesInsideStringLiteralsAreNotCounted() {
    assertThat(compile(conditional("e.state = ')' or (e.state = 'it''s (' and e.a > 0)"))).succeeded();
  }

  /** An entity with attributes a, b and state, whose {@code @Ttl} has the condition {@code when}. */
  private static JavaFileObject conditional(String when) {
    return entity("Session",
        "@Id Long id;",
        "int a;",
        "int b;",
        "String state;",
        "@Ttl(expireAfterSeconds = 0,",
        "     when = \"" + when + "\")",
        "Instant expiresAt;");
  }

  @Test
  void anEpochUnitOnADateIsAnErrorOnTheUnit() {
    JavaFileObject entity = entity("Session",
        "@Id Long id;",
        "@Ttl(expireAfterSeconds = 0,",
        "     epoch = EpochUnit.SECONDS)",
        "Instant expiresAt;");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:epoch] @Ttl is on field Session.expiresAt of type"
            + " java.time.Instant, a date, but names epoch = EpochUnit.SECONDS, which only a number of seconds or"
            + " milliseconds needs. Remove epoch from the annotation")
        .inFile(entity).onLineContaining("epoch = EpochUnit.SECONDS");
  }

  @Test
  void anAttributeOfAMappedSuperclassIsCheckedOnceForAllTheEntitiesThatInheritIt() {
    JavaFileObject base = source("com.acme.Base", "package com.acme;", IMPORTS,
        "@MappedSuperclass",
        "public abstract class Base {",
        "  @Id Long id;",
        "  @Ttl(expireAfterSeconds = 60) String expiresAt;",
        "}");

    Compilation compilation = compile(base, entity("Session extends Base"), entity("Token extends Base"));

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:type] @Ttl is on field Base.expiresAt of type"
            + " java.lang.String")
        .inFile(base).onLineContaining("String expiresAt");
  }

  @Test
  void aTimeOfDayIsAnError() {
    JavaFileObject entity = entity("Session",
        "@Id Long id;",
        "@Temporal(TemporalType.TIME)",
        "@Ttl(expireAfterSeconds = 60)",
        "java.util.Date closesAt;");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:type] @Ttl is on field Session.closesAt, mapped with"
            + " @Temporal(TIME)")
        .inFile(entity).onLineContaining("@Ttl(");
  }

  @Test
  void ttlInAClassThatIsNoEntityIsAnError() {
    JavaFileObject plain = source("com.acme.Reminder", "package com.acme;", IMPORTS,
        "public class Reminder {",
        "  @Ttl(expireAfterSeconds = 60) Instant dueAt;",
        "}");

    Compilation compilation = compile(plain);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:entity] @Ttl is in com.acme.Reminder, which is neither"
            + " an @Entity nor a @MappedSuperclass, so there is no table to delete from. Annotate the class with"
            + " @Entity (or @MappedSuperclass), or move @Ttl to an entity")
        .inFile(plain).onLineContaining("@Ttl(");
  }

  @Test
  void ttlInAnEmbeddableIsAnError() {
    JavaFileObject embeddable = source("com.acme.Validity", "package com.acme;", IMPORTS,
        "@Embeddable",
        "public class Validity {",
        "  @Ttl(expireAfterSeconds = 0) Instant until;",
        "}");

    Compilation compilation = compile(embeddable);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:embeddable] @Ttl is in @Embeddable com.acme.Validity")
        .inFile(embeddable).onLineContaining("@Ttl(");
  }

  @Test
  void aNegativeWindowIsAnErrorOnTheValue() {
    JavaFileObject entity = entity("Session",
        "@Id Long id;",
        "@Ttl(",
        "    expireAfterSeconds = -1)",
        "Instant expiresAt;");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:range] expireAfterSeconds = -1 is out of range. Use 0"
            + " when the attribute is the expiry instant itself, or a window from 1 to 2147483647 seconds"
            + " (about 68 years)")
        .inFile(entity).onLineContaining("expireAfterSeconds = -1");
  }

  @Test
  void aWindowAboveTheMaximumIsAnError() {
    JavaFileObject entity = entity("Session",
        "@Id Long id;",
        "@Ttl(expireAfterSeconds = 2_147_483_648L)",
        "Instant expiresAt;");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:range] expireAfterSeconds = 2147483648 is out of range")
        .inFile(entity).onLineContaining("2_147_483_648L");
  }

  @Test
  void twoTtlAttributesInOneClassAreAnErrorOnTheSecond() {
    JavaFileObject entity = entity("Session",
        "@Id Long id;",
        "@Ttl(expireAfterSeconds = 0) Instant expiresAt;",
        "@Ttl(expireAfterSeconds = 60) Instant createdAt;");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:duplicate] com.acme.Session has two @Ttl attributes in"
            + " its hierarchy, field Session.expiresAt and field Session.createdAt: a row can expire by one rule"
            + " only. Keep @Ttl on one of them")
        .inFile(entity).onLineContaining("Instant createdAt");
  }

  @Test
  void aTtlInASubclassOfAnEntityWithOneIsAnErrorOnTheSubclassAttribute() {
    JavaFileObject base = source("com.acme.Base", "package com.acme;", IMPORTS,
        "@MappedSuperclass",
        "public abstract class Base {",
        "  @Id Long id;",
        "  @Ttl(expireAfterSeconds = 0) Instant expiresAt;",
        "}");
    JavaFileObject entity = entity("Session extends Base",
        "@Ttl(expireAfterSeconds = 60) Instant createdAt;");

    Compilation compilation = compile(base, entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:duplicate] com.acme.Session has two @Ttl attributes in"
            + " its hierarchy, field Base.expiresAt and field Session.createdAt")
        .inFile(entity).onLineContaining("Instant createdAt");
  }

  @Test
  void aStaticAttributeIsAnError() {
    JavaFileObject entity = entity("Session",
        "@Id Long id;",
        "@Ttl(expireAfterSeconds = 0) static Instant expiresAt;");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:static] @Ttl is on static field Session.expiresAt,"
            + " which is no column of any row. Put @Ttl on an instance attribute")
        .inFile(entity).onLineContaining("static Instant");
  }

  @Test
  void aTransientFieldIsAnError() {
    JavaFileObject entity = entity("Session",
        "@Id Long id;",
        "@Ttl(expireAfterSeconds = 0) transient Instant expiresAt;");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:transient] @Ttl is on field Session.expiresAt, which is"
            + " transient and so not stored: no row can be compared by it. Put @Ttl on a persistent attribute, or"
            + " remove the transient modifier")
        .inFile(entity).onLineContaining("transient Instant");
  }

  @Test
  void aTransientAnnotatedFieldIsAnError() {
    JavaFileObject entity = entity("Session",
        "@Id Long id;",
        "@Transient",
        "@Ttl(expireAfterSeconds = 0) Instant expiresAt;");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:transient] @Ttl is on field Session.expiresAt, which is"
            + " annotated @Transient and so not stored")
        .inFile(entity).onLineContaining("@Ttl(");
  }

  @Test
  void aMethodThatIsNoGetterIsAnError() {
    JavaFileObject entity = entity("Session",
        "@Id Long getId() { return null; }",
        "@Ttl(expireAfterSeconds = 0) Instant expiry(int days) { return null; }");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:getter] @Ttl is on method Session.expiry(), which is not"
            + " a property getter. Put it on a getter (getX() or isX(), no parameters, returning the date) or on the"
            + " field")
        .inFile(entity).onLineContaining("expiry(int days)");
  }

  @Test
  void aTtlFieldInAnEntityWithPropertyAccessIsAnError() {
    JavaFileObject entity = entity("Session",
        "private Long id;",
        "@Id public Long getId() { return id; }",
        "public void setId(Long id) { this.id = id; }",
        "@Ttl(expireAfterSeconds = 0) Instant expiresAt;");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:access] @Ttl is on field Session.expiresAt, but Session"
            + " uses property access (its @Id is on getId()), so JPA reads its mapping from getters. Put @Ttl on its"
            + " getter, getExpiresAt()")
        .inFile(entity).onLineContaining("Instant expiresAt");
  }

  @Test
  void aTtlGetterInAnEntityWithFieldAccessIsAnError() {
    JavaFileObject entity = entity("Session",
        "@Id Long id;",
        "Instant expiresAt;",
        "@Ttl(expireAfterSeconds = 0) public Instant getExpiresAt() { return expiresAt; }");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:access] @Ttl is on method Session.getExpiresAt(), but"
            + " Session uses field access (its @Id is on field id), so JPA reads its mapping from fields. Put @Ttl on"
            + " the field expiresAt")
        .inFile(entity).onLineContaining("getExpiresAt()");
  }

  @Test
  void anEntityWithoutAnIdIsAnError() {
    JavaFileObject entity = entity("Session",
        "@Ttl(expireAfterSeconds = 0) Instant expiresAt;");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:id] com.acme.Session has no @Id or @EmbeddedId in its"
            + " hierarchy, so its expired rows cannot be selected and deleted by id. Add an id attribute")
        .inFile(entity).onLineContaining("class Session");
  }

  @Test
  void aPrivateNestedEntityIsAnError() {
    JavaFileObject outer = source("com.acme.Outer", "package com.acme;", IMPORTS,
        "public class Outer {",
        "  @Entity",
        "  @Table(indexes = @Index(columnList = \"expiresAt\"))",
        "  private static class Session {",
        "    @Id Long id;",
        "    @Ttl(expireAfterSeconds = 0) Instant expiresAt;",
        "  }",
        "}");

    Compilation compilation = compile(outer);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:reach] com.acme.Outer.Session is private, so the"
            + " retention pass generated into package com.acme cannot refer to it. Make it package-private or public")
        .inFile(outer).onLineContaining("private static class Session");
  }

  @Test
  void anInnerEntityClassIsAnError() {
    JavaFileObject outer = source("com.acme.Outer", "package com.acme;", IMPORTS,
        "public class Outer {",
        "  @Entity",
        "  @Table(indexes = @Index(columnList = \"expiresAt\"))",
        "  class Session {",
        "    @Id Long id;",
        "    @Ttl(expireAfterSeconds = 0) Instant expiresAt;",
        "  }",
        "}");

    Compilation compilation = compile(outer);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:reach] com.acme.Outer.Session is an inner class, not"
            + " static, so the retention pass generated into package com.acme cannot refer to it. Make it a static"
            + " nested class")
        .inFile(outer).onLineContaining("class Session");
  }

  @Test
  void aGenericEntityIsAnError() {
    JavaFileObject entity = entity("Session<T>",
        "@Id Long id;",
        "@Ttl(expireAfterSeconds = 0) Instant expiresAt;");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:generic] com.acme.Session declares type parameters")
        .inFile(entity).onLineContaining("class Session");
  }

  @Test
  void aTtlColumnWithoutAnIndexIsAWarningThatNamesHowToSilenceIt() {
    JavaFileObject entity = source("com.acme.Session", "package com.acme;", IMPORTS,
        "@Entity",
        "@Table(name = \"session\")",
        "public class Session {",
        "  @Id Long id;",
        "  @Ttl(expireAfterSeconds = 0) @Column(name = \"expires_at\") Instant expiresAt;",
        "}");

    Compilation compilation = compile(entity);

    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation).hadWarningContaining("[retention:index] No index of com.acme.Session starts with column"
            + " expires_at, the @Ttl column: every sweep would scan the table. Add @Table(indexes = @Index(columnList"
            + " = \"expires_at\")), or, when the index exists outside the mapping (a migration), silence this with"
            + " @SuppressWarnings(\"retention:index\")")
        .inFile(entity).onLineContaining("@Table(name");
  }

  @Test
  void anIndexLedByTheColumnUnderItsSnakeCaseNameSatisfiesTheCheck() {
    JavaFileObject entity = source("com.acme.Session", "package com.acme;", IMPORTS,
        "@Entity",
        "@Table(indexes = {@Index(columnList = \"owner\"), @Index(columnList = \"expires_at DESC, id\")})",
        "public class Session {",
        "  @Id Long id;",
        "  String owner;",
        "  @Ttl(expireAfterSeconds = 0) Instant expiresAt;",
        "}");

    assertThat(compile(entity)).succeededWithoutWarnings();
  }

  @Test
  void anIndexThatDoesNotLeadWithTheColumnDoesNot() {
    JavaFileObject entity = source("com.acme.Session", "package com.acme;", IMPORTS,
        "@Entity",
        "@Table(indexes = @Index(columnList = \"owner, expiresAt\"))",
        "public class Session {",
        "  @Id Long id;",
        "  String owner;",
        "  @Ttl(expireAfterSeconds = 0) Instant expiresAt;",
        "}");

    assertThat(compile(entity)).hadWarningContaining("[retention:index]");
  }

  @Test
  void theIndexWarningCanBeSuppressedOnTheEntityOrTheAttribute() {
    JavaFileObject onEntity = source("com.acme.Session", "package com.acme;", IMPORTS,
        "@Entity",
        "@SuppressWarnings(\"retention:index\")",
        "public class Session {",
        "  @Id Long id;",
        "  @Ttl(expireAfterSeconds = 0) Instant expiresAt;",
        "}");
    JavaFileObject onAttribute = source("com.acme.Token", "package com.acme;", IMPORTS,
        "@Entity",
        "public class Token {",
        "  @Id Long id;",
        "  @SuppressWarnings(\"retention:index\")",
        "  @Ttl(expireAfterSeconds = 0) Instant expiresAt;",
        "}");

    assertThat(compile(onEntity)).succeededWithoutWarnings();
    assertThat(compile(onAttribute)).succeededWithoutWarnings();
  }

  @Test
  void theDeleteStrategyIsANoteOnTheEntity() {
    JavaFileObject entity = source("com.acme.Cart", "package com.acme;", IMPORTS,
        "@Entity",
        "@Table(indexes = @Index(columnList = \"touchedAt\"))",
        "public class Cart {",
        "  @Id Long id;",
        "  @Ttl(expireAfterSeconds = 60) Instant touchedAt;",
        "  @OneToMany(cascade = CascadeType.REMOVE) java.util.List<Cart> children;",
        "}");

    Compilation compilation = compile(entity);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).hadNoteContaining("[retention:strategy] com.acme.Cart is deleted with entity removal:"
            + " it cascades removal to children (cascade = REMOVE)")
        .inFile(entity).onLineContaining("class Cart");
  }

  @Test
  void anUnknownProcessorOptionIsAnErrorListingTheAllowedOnes() {
    Compilation compilation = compile(List.of("-Aretention.registery=com.acme.Registry"), valid());

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:option] Unknown processor option -Aretention.registery."
        + " Allowed: -Aretention.registry=<fully qualified class name of the generated registry>");
  }

  @Test
  void aMalformedRegistryNameIsAnError() {
    Compilation compilation = compile(List.of("-Aretention.registry=com.acme.2Registry"), valid());

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:option] -Aretention.registry=com.acme.2Registry is not a"
        + " fully qualified class name. Allowed: -Aretention.registry=<fully qualified class name of the generated"
        + " registry>");
  }

  /** An entity {@code com.acme.<declaration>} with the TTL column indexed, whose body is {@code members}. */
  private static JavaFileObject entity(String declaration, String... members) {
    String name = declaration.split("[ <]")[0];
    List<String> lines = new java.util.ArrayList<>(List.of("package com.acme;", IMPORTS,
        "@Entity",
        "@Table(indexes = {@Index(columnList = \"expiresAt\"), @Index(columnList = \"createdAt\"),"
            + " @Index(columnList = \"closesAt\")})",
        "public class " + declaration + " {"));
    for (String member : members) {
      lines.add("  " + member);
    }
    lines.add("}");
    return source("com.acme." + name, lines.toArray(new String[0]));
  }

  private static JavaFileObject valid() {
    return entity("Session", "@Id Long id;", "@Ttl(expireAfterSeconds = 0) Instant expiresAt;");
  }
}
