package dev.retention.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.retention.processor.model.PassModel;
import dev.retention.processor.model.TemporalType;
import dev.retention.processor.model.TtlAttribute;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;

/** Writes the retention pass of one entity from its {@link PassModel}. */
public final class PassWriter {

  private static final String ALIAS = "e";

  private PassWriter() {}

  /** The pass's source file; {@code originating} is the entity, for incremental builds. */
  public static JavaFile write(PassModel model, Element originating) {
    TypeSpec.Builder pass = TypeSpec.classBuilder(model.passClass())
        .addJavadoc("$L", PassJavadoc.of(model))
        .addAnnotation(Names.GENERATED)
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addSuperinterface(ParameterizedTypeName.get(Names.RETENTION_PASS, model.entity()))
        .addOriginatingElement(originating);
    Queries queries = new Queries(model);
    queries.constants().forEach(pass::addField);
    pass.addMethod(name(model))
        .addMethod(entityType(model))
        .addMethod(expireAfter(model.attribute()))
        .addMethod(deleteStrategy(model))
        .addMethod(ttlAttribute(model))
        .addMethod(cutoffValue(model))
        .addMethod(model.strategy().removesEntities() ? removeBatch(model) : deleteBatch(model))
        .addMethod(countExpired(model))
        .addMethod(oldestExpired(model));
    return JavaFile.builder(model.passClass().packageName(), pass.build())
        .skipJavaLangImports(true)
        .indent("  ")
        .build();
  }

  private static MethodSpec name(PassModel model) {
    return override("name", ClassName.get(String.class))
        .addStatement("return $S", model.passName())
        .build();
  }

  private static MethodSpec entityType(PassModel model) {
    return override("entityType", ParameterizedTypeName.get(ClassName.get(Class.class), model.entity()))
        .addStatement("return $T.class", model.entity())
        .build();
  }

  private static MethodSpec expireAfter(TtlAttribute attribute) {
    long seconds = attribute.expireAfterSeconds();
    MethodSpec.Builder method = override("expireAfter", ClassName.get(Duration.class));
    if (seconds == 0) {
      return method.addStatement("return $T.ZERO", Duration.class).build();
    }
    Window window = Window.of(seconds);
    return method.addStatement("return $T.$L($LL)", Duration.class, window.factory(), window.amount()).build();
  }

  private static MethodSpec deleteStrategy(PassModel model) {
    return override("deleteStrategy", Names.DELETE_STRATEGY)
        .addStatement("return $T.$L", Names.DELETE_STRATEGY, model.strategy().kind().name())
        .build();
  }

  private static MethodSpec ttlAttribute(PassModel model) {
    return override("ttlAttribute", ClassName.get(String.class))
        .addStatement("return $S", model.attribute().name())
        .build();
  }

  private static MethodSpec cutoffValue(PassModel model) {
    return override("cutoffValue", model.attribute().javaType())
        .addParameter(Names.CUTOFF, "cutoff")
        .addStatement("return cutoff.$L()", cutoffMethod(model))
        .build();
  }

  /** Bulk statements: the ids of one batch, oldest first, then a delete that applies the predicate again. */
  private static MethodSpec deleteBatch(PassModel model) {
    TypeName idType = model.id().javaType();
    return purgeBatch()
        .addStatement("$T cutoffValue = cutoffValue(cutoff)", model.attribute().javaType())
        .addStatement("$T ids = em.createQuery($L, $T.class)\n.setParameter($S, cutoffValue)"
                + "\n.setMaxResults(batchSize)\n.getResultList()",
            ParameterizedTypeName.get(ClassName.get(List.class), idType), Queries.SELECT_EXPIRED_IDS,
            rawType(idType), "cutoff")
        .beginControlFlow("if (ids.isEmpty())")
        .addStatement("return 0")
        .endControlFlow()
        .addStatement("return em.createQuery($L)\n.setParameter($S, ids)\n.setParameter($S, cutoffValue)"
                + "\n.executeUpdate()",
            Queries.DELETE_EXPIRED, "ids", "cutoff")
        .build();
  }

  /** Entity removal: the entities of one batch, oldest first and locked, each removed so that callbacks run. */
  private static MethodSpec removeBatch(PassModel model) {
    return purgeBatch()
        .addStatement("$T expired = em.createQuery($L, $T.class)\n.setParameter($S, cutoffValue(cutoff))"
                + "\n.setLockMode($T.PESSIMISTIC_WRITE)\n.setMaxResults(batchSize)\n.getResultList()",
            ParameterizedTypeName.get(ClassName.get(List.class), model.entity()), Queries.SELECT_EXPIRED,
            model.entity(), "cutoff", Names.LOCK_MODE_TYPE)
        .addStatement("expired.forEach(em::remove)")
        .addComment("Flush and clear, so that the batch's entities are written and then let go: memory stays flat.")
        .addStatement("em.flush()")
        .addStatement("em.clear()")
        .addStatement("return expired.size()")
        .build();
  }

  private static MethodSpec countExpired(PassModel model) {
    return override("countExpired", TypeName.LONG)
        .addParameter(Names.ENTITY_MANAGER, "em")
        .addParameter(Names.CUTOFF, "cutoff")
        .addStatement("return em.createQuery($L, $T.class)\n.setParameter($S, cutoffValue(cutoff))"
                + "\n.getSingleResult()",
            Queries.COUNT_EXPIRED, Long.class, "cutoff")
        .build();
  }

  private static MethodSpec oldestExpired(PassModel model) {
    TypeName attributeType = model.attribute().javaType();
    MethodSpec.Builder method = override("oldestExpired",
            ParameterizedTypeName.get(ClassName.get(Optional.class), ClassName.get(Instant.class)))
        .addParameter(Names.ENTITY_MANAGER, "em")
        .addParameter(Names.CUTOFF, "cutoff")
        .addStatement("$T oldest = em.createQuery($L, $T.class)\n.setParameter($S, cutoffValue(cutoff))"
                + "\n.getSingleResult()",
            attributeType, Queries.OLDEST_EXPIRED, attributeType, "cutoff");
    if (model.attribute().type() == TemporalType.INSTANT) {
      return method.addStatement("return $T.ofNullable(oldest)", Optional.class).build();
    }
    return method.addStatement("return $T.ofNullable(cutoff.instantOf(oldest))", Optional.class).build();
  }

  private static MethodSpec.Builder purgeBatch() {
    return override("purgeBatch", TypeName.INT)
        .addParameter(Names.ENTITY_MANAGER, "em")
        .addParameter(Names.CUTOFF, "cutoff")
        .addParameter(TypeName.INT, "batchSize");
  }

  private static MethodSpec.Builder override(String name, TypeName returns) {
    return MethodSpec.methodBuilder(name)
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .returns(returns);
  }

  private static String cutoffMethod(PassModel model) {
    return model.attribute().type().cutoffMethod();
  }

  private static TypeName rawType(TypeName type) {
    return type instanceof ParameterizedTypeName parameterized ? parameterized.rawType() : type;
  }

  /** The JPQL of a pass, as named constants. */
  private static final class Queries {
    static final String SELECT_EXPIRED_IDS = "SELECT_EXPIRED_IDS";
    static final String DELETE_EXPIRED = "DELETE_EXPIRED";
    static final String SELECT_EXPIRED = "SELECT_EXPIRED";
    static final String COUNT_EXPIRED = "COUNT_EXPIRED";
    static final String OLDEST_EXPIRED = "OLDEST_EXPIRED";

    private final PassModel model;

    Queries(PassModel model) {
      this.model = model;
    }

    List<FieldSpec> constants() {
      String from = " from " + model.entityName() + " " + ALIAS;
      String expired = " where " + ttl() + " <= :cutoff";
      String oldestFirst = " order by " + ttl() + ", " + id();
      FieldSpec select = model.strategy().removesEntities()
          ? constant(SELECT_EXPIRED, "select " + ALIAS + from + expired + oldestFirst)
          : constant(SELECT_EXPIRED_IDS, "select " + id() + from + expired + oldestFirst);
      List<FieldSpec> constants = new java.util.ArrayList<>(List.of(select));
      if (!model.strategy().removesEntities()) {
        constants.add(constant(DELETE_EXPIRED,
            "delete" + from + " where " + id() + " in :ids and " + ttl() + " <= :cutoff"));
      }
      constants.add(constant(COUNT_EXPIRED, "select count(" + ALIAS + ")" + from + expired));
      constants.add(constant(OLDEST_EXPIRED, "select min(" + ttl() + ")" + from + expired));
      return constants;
    }

    private String ttl() {
      return ALIAS + "." + model.attribute().name();
    }

    private String id() {
      return ALIAS + "." + model.id().attribute();
    }

    /** A JPQL constant, broken before each clause when one line would be too long. */
    private static FieldSpec constant(String name, String jpql) {
      CodeBlock.Builder initializer = CodeBlock.builder();
      boolean fits = "  private static final String ".length() + name.length() + " = \"\";".length()
          + jpql.length() <= 100;
      String[] clauses = fits ? new String[] {jpql} : jpql.split("(?= where | order by )");
      for (int i = 0; i < clauses.length; i++) {
        initializer.add(i == 0 ? "$S" : "\n    + $S", clauses[i]);
      }
      return FieldSpec.builder(String.class, name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
          .initializer(initializer.build())
          .build();
    }
  }

  /** A window in the largest unit that divides it, for {@code expireAfter()} and the javadoc. */
  record Window(long amount, String unit, String factory) {
    static Window of(long seconds) {
      if (seconds % 86_400 == 0) {
        return new Window(seconds / 86_400, "day", "ofDays");
      }
      if (seconds % 3_600 == 0) {
        return new Window(seconds / 3_600, "hour", "ofHours");
      }
      if (seconds % 60 == 0) {
        return new Window(seconds / 60, "minute", "ofMinutes");
      }
      return new Window(seconds, "second", "ofSeconds");
    }

    String describe() {
      return amount + " " + unit + (amount == 1 ? "" : "s");
    }
  }
}
