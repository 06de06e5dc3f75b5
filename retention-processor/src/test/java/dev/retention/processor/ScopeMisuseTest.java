package dev.retention.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.retention.processor.Sources.compile;
import static dev.retention.processor.Sources.source;

import com.google.testing.compile.Compilation;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * One test per {@code @TtlScope} entry of the message catalogue, and per shared entry as it reads for
 * {@code @TtlScope}: the tag, the message, the file and the line, and no other error; then the index check of a scoped
 * entity.
 */
class ScopeMisuseTest {

  private static final String IMPORTS = "import dev.retention.Ttl; import dev.retention.TtlScope;"
      + " import jakarta.persistence.*; import java.time.*; import java.util.*;";
  /** The index a scoped entity of {@link #entity} wants. */
  private static final String SCOPED_INDEX = "@Table(indexes = @Index(columnList = \"tenant_id, created_at\"))";

  @Test
  void aScopeInAClassThatIsNoEntityIsAnError() {
    JavaFileObject plain = source("com.acme.Reminder", "package com.acme;", IMPORTS,
        "public class Reminder {",
        "  @TtlScope String tenantId;",
        "}");

    Compilation compilation = compile(plain);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:scope] @TtlScope is in com.acme.Reminder, which is neither"
            + " an @Entity nor a @MappedSuperclass, so it has no rows to split into scopes. Put @TtlScope on a basic"
            + " attribute of the entity that has the @Ttl attribute, or of a @MappedSuperclass it extends")
        .inFile(plain).onLineContaining("@TtlScope String tenantId");
  }

  @Test
  void aScopeInAnEntityWithoutTtlIsAnError() {
    JavaFileObject entity = source("com.acme.Contact", "package com.acme;", IMPORTS,
        "@Entity",
        "public class Contact {",
        "  @Id Long id;",
        "  @TtlScope String tenantId;",
        "  Instant createdAt;",
        "}");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:scope] @TtlScope is on field Contact.tenantId, but"
            + " com.acme.Contact has no @Ttl attribute in its hierarchy, so none of its rows expire and there is"
            + " nothing to sweep scope by scope. Add @Ttl to a date attribute of Contact, or remove @TtlScope")
        .inFile(entity).onLineContaining("@TtlScope String tenantId");
  }

  @Test
  void aScopeInASubclassOfTheEntityThatOwnsThePassIsAnError() {
    JavaFileObject root = source("com.acme.Notice", "package com.acme;", IMPORTS,
        "@Entity",
        "@Inheritance",
        "@Table(indexes = @Index(columnList = \"createdAt\"))",
        "public class Notice {",
        "  @Id Long id;",
        "  @Ttl(expireAfterSeconds = 60) Instant createdAt;",
        "}");
    JavaFileObject subclass = source("com.acme.TenantNotice", "package com.acme;", IMPORTS,
        "@Entity",
        "public class TenantNotice extends Notice {",
        "  @TtlScope String tenantId;",
        "}");

    Compilation compilation = compile(root, subclass);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:scope] @TtlScope is on field TenantNotice.tenantId, but the"
            + " rows of com.acme.TenantNotice are swept by the pass of the entity it extends, com.acme.Notice, whose"
            + " statements cannot name an attribute of a subclass. Put @TtlScope on an attribute of Notice or of a"
            + " @MappedSuperclass it extends")
        .inFile(subclass).onLineContaining("@TtlScope String tenantId");
  }

  @Test
  void aScopeInAMappedSuperclassServesTheEntitiesWithTtlAndIsIgnoredByTheOthers() {
    JavaFileObject base = source("com.acme.TenantOwned", "package com.acme;", IMPORTS,
        "@MappedSuperclass",
        "public abstract class TenantOwned {",
        "  @Id Long id;",
        "  @TtlScope @Column(name = \"tenant_id\") String tenantId;",
        "}");
    JavaFileObject expiring = source("com.acme.Notice", "package com.acme;", IMPORTS,
        "@Entity",
        SCOPED_INDEX,
        "public class Notice extends TenantOwned {",
        "  @Ttl(expireAfterSeconds = 60) @Column(name = \"created_at\") Instant createdAt;",
        "}");
    JavaFileObject kept = source("com.acme.Contact", "package com.acme;", IMPORTS,
        "@Entity",
        "public class Contact extends TenantOwned {",
        "  String email;",
        "}");

    Compilation compilation = compile(base, expiring, kept);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.NoticeRetentionPass");
  }

  @Test
  void twoScopesInOneClassAreAnErrorOnTheSecond() {
    JavaFileObject entity = entity("Notice",
        "@TtlScope String tenantId;",
        "@TtlScope String realm;");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:scope] com.acme.Notice has two @TtlScope attributes in"
            + " its hierarchy, field Notice.tenantId and field Notice.realm: its rows are swept by one scope only."
            + " Keep @TtlScope on one of them")
        .inFile(entity).onLineContaining("String realm");
  }

  @Test
  void aScopeInAnEntityWhoseSuperclassHasOneIsAnErrorOnTheEntity() {
    JavaFileObject base = source("com.acme.TenantOwned", "package com.acme;", IMPORTS,
        "@MappedSuperclass",
        "public abstract class TenantOwned {",
        "  @TtlScope String tenantId;",
        "}");
    JavaFileObject entity = entity("Notice extends TenantOwned",
        "@TtlScope String realm;");

    Compilation compilation = compile(base, entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:scope] com.acme.Notice has two @TtlScope attributes in"
            + " its hierarchy, field TenantOwned.tenantId and field Notice.realm")
        .inFile(entity).onLineContaining("String realm");
  }

  @Test
  void aScopeOnTheTtlAttributeIsAnError() {
    JavaFileObject entity = source("com.acme.Notice", "package com.acme;", IMPORTS,
        "@Entity",
        "@Table(indexes = @Index(columnList = \"createdAt\"))",
        "public class Notice {",
        "  @Id Long id;",
        "  @TtlScope",
        "  @Ttl(expireAfterSeconds = 60) Instant createdAt;",
        "}");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:scope] @TtlScope is on field Notice.createdAt, which is"
            + " the @Ttl attribute itself: a scope is a value that many rows share, such as their tenant, not their"
            + " date. Put @TtlScope on the attribute that names the rows' owner, such as the tenant's id")
        .inFile(entity).onLineContaining("@TtlScope");
  }

  @Test
  void anAssociationAsScopeIsAnErrorSayingToMapItsForeignKey() {
    JavaFileObject tenant = source("com.acme.Tenant", "package com.acme;", IMPORTS,
        "@Entity",
        "public class Tenant {",
        "  @Id Long id;",
        "}");
    JavaFileObject entity = entity("Notice",
        "@TtlScope @ManyToOne Tenant tenant;");

    Compilation compilation = compile(tenant, entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:scope] @TtlScope is on field Notice.tenant of type"
            + " com.acme.Tenant, an association, but a scope is the value of one basic column, named in configuration"
            + " and compared by statements: String, long, Long, int, Integer, short, Short or UUID. Put @TtlScope on"
            + " such a column, such as the tenant's id (for an association, map its foreign key column as a basic"
            + " attribute too, with @Column(name = ..., insertable = false, updatable = false))")
        .inFile(entity).onLineContaining("Tenant tenant");
  }

  @Test
  void enumsDatesEmbeddedValuesCollectionsAndOtherTypesAreErrorsSayingWhatTheyAre() {
    JavaFileObject region = source("com.acme.Region", "package com.acme;", "public enum Region { EU, US }");
    JavaFileObject address = source("com.acme.Address", "package com.acme;", IMPORTS,
        "@Embeddable",
        "public class Address {",
        "  String city;",
        "}");
    String[][] cases = {
        {"@TtlScope Region region;", "com.acme.Region, an enum, but"},
        {"@TtlScope LocalDate day;", "java.time.LocalDate, a date, but"},
        {"@TtlScope @Embedded Address address;", "com.acme.Address, an embedded value, but"},
        {"@TtlScope @ElementCollection Set<String> tenants;", "java.util.Set<java.lang.String>, a collection, but"},
        {"@TtlScope double weight;", "double, a type no scope can have, but"},
        {"@TtlScope Boolean shared;", "java.lang.Boolean, a type no scope can have, but"},
    };
    for (String[] scopeCase : cases) {
      JavaFileObject entity = entity("Notice", scopeCase[0]);

      Compilation compilation = compile(region, address, entity);

      assertThat(compilation).hadErrorCount(1);
      assertThat(compilation).hadErrorContaining("[retention:scope] @TtlScope is on field Notice."
              + scopeCase[0].replaceAll(".* (\\w+);", "$1") + " of type " + scopeCase[1] + " a scope is the value"
              + " of one basic column")
          .inFile(entity).onLineContaining(scopeCase[0]);
    }
  }

  @Test
  void everyBasicScopeTypeIsAccepted() {
    for (String type : List.of("String", "long", "Long", "int", "Integer", "short", "Short", "UUID")) {
      assertThat(compile(entity("Notice", "@TtlScope @Column(name = \"tenant_id\") " + type + " tenantId;")))
          .succeededWithoutWarnings();
    }
  }

  @Test
  void aTypeVariableBoundToAnUnsupportedTypeIsAnErrorOnTheAttribute() {
    JavaFileObject base = source("com.acme.Owned", "package com.acme;", IMPORTS,
        "@MappedSuperclass",
        "public abstract class Owned<K> {",
        "  @TtlScope K owner;",
        "}");
    JavaFileObject entity = entity("Notice extends Owned<Double>");

    Compilation compilation = compile(base, entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:scope] @TtlScope is on field Owned.owner of type"
            + " java.lang.Double, a type no scope can have")
        .inFile(base).onLineContaining("K owner");
  }

  @Test
  void aStaticScopeIsAnError() {
    JavaFileObject entity = entity("Notice", "@TtlScope static String tenantId;");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:static] @TtlScope is on static field Notice.tenantId,"
            + " which is no column of any row. Put @TtlScope on an instance attribute")
        .inFile(entity).onLineContaining("static String tenantId");
  }

  @Test
  void aTransientScopeIsAnError() {
    JavaFileObject entity = entity("Notice", "@TtlScope transient String tenantId;");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:transient] @TtlScope is on field Notice.tenantId, which"
            + " is transient and so not stored: no row can be compared by it. Put @TtlScope on a persistent"
            + " attribute, or remove the transient modifier")
        .inFile(entity).onLineContaining("transient String tenantId");
  }

  @Test
  void aTransientAnnotatedScopeIsAnError() {
    JavaFileObject entity = entity("Notice", "@TtlScope @Transient String tenantId;");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:transient] @TtlScope is on field Notice.tenantId, which"
            + " is annotated @Transient and so not stored: no row can be compared by it. Put @TtlScope on a"
            + " persistent attribute, or remove @Transient")
        .inFile(entity).onLineContaining("@Transient String tenantId");
  }

  @Test
  void aScopeOnAMethodThatIsNoGetterIsAnError() {
    JavaFileObject entity = entity("Notice", "@TtlScope String tenant(int index) { return null; }");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:getter] @TtlScope is on method Notice.tenant(), which is"
            + " not a property getter. Put it on a getter (getX() or isX(), no parameters, returning the scope's"
            + " value) or on the field")
        .inFile(entity).onLineContaining("tenant(int index)");
  }

  @Test
  void aScopeGetterInAnEntityWithFieldAccessIsAnError() {
    JavaFileObject entity = entity("Notice",
        "String tenantId;",
        "@TtlScope public String getTenantId() { return tenantId; }");

    Compilation compilation = compile(entity);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:access] @TtlScope is on method Notice.getTenantId(), but"
            + " Notice uses field access (its @Id is on field id), so JPA reads its mapping from fields. Put @TtlScope"
            + " on the field tenantId")
        .inFile(entity).onLineContaining("getTenantId()");
  }

  @Test
  void aScopeGetterInAnEntityWithPropertyAccessIsRead() {
    JavaFileObject entity = source("com.acme.Notice", "package com.acme;", IMPORTS,
        "@Entity",
        "@Table(indexes = @Index(columnList = \"tenant, createdAt\"))",
        "public class Notice {",
        "  private Long id;",
        "  private String tenant;",
        "  private Instant createdAt;",
        "  @Id public Long getId() { return id; }",
        "  public void setId(Long id) { this.id = id; }",
        "  @TtlScope public String getTenant() { return tenant; }",
        "  public void setTenant(String tenant) { this.tenant = tenant; }",
        "  @Ttl(expireAfterSeconds = 60) public Instant getCreatedAt() { return createdAt; }",
        "  public void setCreatedAt(Instant createdAt) { this.createdAt = createdAt; }",
        "}");

    Compilation compilation = compile(entity);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.NoticeRetentionPass").contentsAsUtf8String()
        .contains(".scope(\"tenant\")");
  }

  @Test
  void aScopedEntityWithAnIndexOnItsScopeThenTtlColumnsHasNoWarning() {
    JavaFileObject snakeCase = source("com.acme.Notice", "package com.acme;", IMPORTS,
        "@Entity",
        "@Table(indexes = {@Index(columnList = \"created_at\"),",
        "    @Index(columnList = \"tenant_id, created_at DESC, id\")})",
        "public class Notice {",
        "  @Id Long id;",
        "  @TtlScope String tenantId;",
        "  @Ttl(expireAfterSeconds = 60) Instant createdAt;",
        "}");

    assertThat(compile(snakeCase)).succeededWithoutWarnings();
  }

  @Test
  void aScopedEntityWithAnIndexOnItsTtlColumnAloneIsAWarningNamingBothColumns() {
    JavaFileObject entity = source("com.acme.Notice", "package com.acme;", IMPORTS,
        "@Entity",
        "@Table(name = \"notice\", indexes = @Index(columnList = \"created_at\"))",
        "public class Notice {",
        "  @Id Long id;",
        "  @TtlScope @Column(name = \"tenant\") String tenantId;",
        "  @Ttl(expireAfterSeconds = 60) @Column(name = \"created\") Instant createdAt;",
        "}");

    Compilation compilation = compile(entity);

    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation).hadWarningContaining("[retention:index] No index of com.acme.Notice starts with columns"
            + " tenant, created, the @TtlScope column and then the @Ttl column: statements filter on one scope and"
            + " then on the date, so every sweep of a scope would scan the table. Add @Table(indexes ="
            + " @Index(columnList = \"tenant, created\")), or, when the index exists outside the mapping (a"
            + " migration), silence this with @SuppressWarnings(\"retention:index\")")
        .inFile(entity).onLineContaining("@Table(name");
  }

  @Test
  void anIndexWithTheColumnsInTheOtherOrderDoesNotSatisfyTheCheck() {
    JavaFileObject entity = source("com.acme.Notice", "package com.acme;", IMPORTS,
        "@Entity",
        "@Table(indexes = @Index(columnList = \"createdAt, tenantId\"))",
        "public class Notice {",
        "  @Id Long id;",
        "  @TtlScope String tenantId;",
        "  @Ttl(expireAfterSeconds = 60) Instant createdAt;",
        "}");

    assertThat(compile(entity)).hadWarningContaining("[retention:index] No index of com.acme.Notice starts with"
        + " columns tenantId, createdAt");
  }

  @Test
  void theScopedIndexWarningCanBeSuppressedOnTheEntityOrEitherAttribute() {
    List<String[]> placements = List.of(
        new String[] {"@SuppressWarnings(\"retention:index\")", "", ""},
        new String[] {"", "@SuppressWarnings(\"retention:index\")", ""},
        new String[] {"", "", "@SuppressWarnings(\"retention:index\")"});
    for (String[] placement : placements) {
      JavaFileObject entity = source("com.acme.Notice", "package com.acme;", IMPORTS,
          "@Entity",
          placement[0],
          "public class Notice {",
          "  @Id Long id;",
          "  " + placement[1] + " @TtlScope String tenantId;",
          "  " + placement[2] + " @Ttl(expireAfterSeconds = 60) Instant createdAt;",
          "}");

      assertThat(compile(entity)).succeededWithoutWarnings();
    }
  }

  /**
   * An entity {@code com.acme.<declaration>} with an id, a {@code @Ttl} attribute {@code createdAt} and the index a
   * scope {@code tenantId} wants, whose other members are {@code members}.
   */
  private static JavaFileObject entity(String declaration, String... members) {
    String name = declaration.split("[ <]")[0];
    List<String> lines = new ArrayList<>(List.of("package com.acme;", IMPORTS,
        "@Entity",
        SCOPED_INDEX,
        "public class " + declaration + " {",
        "  @Id Long id;",
        "  @Ttl(expireAfterSeconds = 60) Instant createdAt;"));
    for (String member : members) {
      lines.add("  " + member);
    }
    lines.add("}");
    return source("com.acme." + name, lines.toArray(new String[0]));
  }
}
