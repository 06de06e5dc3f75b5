package dev.retention.runtime.internal.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.runtime.internal.mapping.TextComparison;
import dev.retention.runtime.internal.pass.ScopeComparison;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.shape.NativeShapes;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.eclipse.persistence.platform.database.DatabasePlatform;
import org.eclipse.persistence.platform.database.H2Platform;
import org.eclipse.persistence.platform.database.MariaDBPlatform;
import org.eclipse.persistence.platform.database.MySQLPlatform;
import org.eclipse.persistence.platform.database.OraclePlatform;
import org.eclipse.persistence.platform.database.PostgreSQLPlatform;
import org.hibernate.dialect.CockroachDialect;
import org.hibernate.dialect.H2Dialect;
import org.hibernate.dialect.MariaDBDialect;
import org.hibernate.dialect.MySQLDialect;
import org.hibernate.dialect.OracleDialect;
import org.hibernate.dialect.PostgreSQLDialect;
import org.junit.jupiter.api.Test;

/**
 * Which profile each database gets, from the provider's own idea of it (Hibernate's dialect, EclipseLink's platform),
 * and what each profile then says: its shapes and their order, its lock, its partition catalog, how it groups text and
 * whether it reads how it compares scope columns, its session statements and error codes. No database is needed: the
 * dialects and platforms are built as they are.
 */
class DatabaseProfileTest {

  @Test
  void postgresqlGetsTheRangeStatementThenCtidThenSkipLockedAnAdvisoryLockAndItsPartitions() {
    DatabaseProfile postgres = DatabaseDetection.OnHibernate.profile(new PostgreSQLDialect());
    assertEquals("PostgreSQL", postgres.name());
    assertEquals(List.of("range(POSTGRESQL, PostgresIndexes; ctid, skipLocked(by query))", "ctid",
        "skipLocked(by query)"), shapes(postgres));
    assertEquals(Optional.of(SessionLock.ADVISORY), postgres.sessionLock());
    assertInstanceOf(PostgresPartitions.class, postgres.partitionCatalog().orElseThrow());
    assertEquals(TextComparison.EXACT, postgres.textComparison());
    assertInstanceOf(PostgresScopeColumns.class, postgres.scopeColumns().orElseThrow());
    assertEquals(List.of("select set_config('synchronous_commit', 'off', true)"
        + " where current_setting('synchronous_standby_names') = ''"), postgres.batchSession());
    assertEquals(java.util.Set.of("40001", "40P01"), postgres.deadlockStates());
  }

  /**
   * PostgreSQL looks across tenant schemas in one statement, each schema quoted as an identifier (a quote in its name
   * doubled), so a name is only ever a schema's; the other databases state no such look.
   */
  @Test
  void postgresqlStatesTheLookAcrossTenantSchemasWithEachSchemaQuoted() {
    TenantSchemas schemas = DatabaseDetection.OnHibernate.profile(new PostgreSQLDialect()).tenantSchemas()
        .orElseThrow();
    assertEquals("\"tenant_a\"", schemas.quoted("tenant_a"));
    assertEquals("\"a\"\".t; drop table x; --\"", schemas.quoted("a\".t; drop table x; --"));
    assertEquals("select 3 where exists (select 1)", schemas.selectWhen(3, "exists (select 1)"));
    assertTrue(schemas.homeQuery().contains("to_regclass(cast(:table as text))"), schemas.homeQuery());
    assertEquals(Optional.empty(), DatabaseDetection.OnHibernate.profile(new H2Dialect()).tenantSchemas());
    assertEquals(Optional.empty(), DatabaseDetection.OnHibernate.profile(new MySQLDialect()).tenantSchemas());
  }

  /**
   * MariaDB looks across its databases, a tenant's schema, each quoted in backticks (a backtick in its name doubled),
   * each select of the union from {@code dual}; a session's table is found in its current database as the server
   * compares table names.
   */
  @Test
  void mariaDbStatesTheLookAcrossTenantDatabasesWithEachDatabaseQuoted() {
    TenantSchemas schemas = DatabaseDetection.OnHibernate.profile(new MariaDBDialect()).tenantSchemas()
        .orElseThrow();
    assertEquals("`tenant_a`", schemas.quoted("tenant_a"));
    assertEquals("`a``.t; drop table x; --`", schemas.quoted("a`.t; drop table x; --"));
    assertEquals("select 3 from dual where exists (select 1)", schemas.selectWhen(3, "exists (select 1)"));
    assertTrue(schemas.homeQuery().contains("table_schema = database()"), schemas.homeQuery());
    assertTrue(schemas.homeQuery().contains("@@lower_case_table_names"), schemas.homeQuery());
    // A session of another account or time zone is another server: no look reads with another's privileges or zone.
    assertTrue(schemas.homeQuery().contains("current_user(), @@session.time_zone"), schemas.homeQuery());
  }

  @Test
  void aDialectDerivedFromPostgresqlsIsPostgresql() {
    DatabaseProfile derived = DatabaseDetection.OnHibernate.profile(new PostgreSQLDialect() {});
    assertInstanceOf(PostgresProfile.class, derived);
  }

  @Test
  void mariaDbGetsTheOrderedDeleteThenSkipLockedForIntegerKeysTheKeyDeleteForOthersANamedLockAndPartitions() {
    MariaDBDialect dialect = new MariaDBDialect();
    DatabaseProfile mariaDb = DatabaseDetection.OnHibernate.profile(dialect);
    assertEquals("MariaDB", mariaDb.name());
    assertEquals(dialect.supportsSkipLocked(), mariaDb.skipsLockedRows());
    assertEquals(List.of(
        "orderedDelete(INNODB, MariaDbIndexes; integerKeysOnly(skipLocked(by primary key)), keyDelete)",
        "integerKeysOnly(skipLocked(by primary key))", "keyDelete"), shapes(MariaDbProfile.mariaDb(true)));
    assertEquals(Optional.of(SessionLock.NAMED), mariaDb.sessionLock());
    assertInstanceOf(MariaDbPartitions.class, mariaDb.partitionCatalog().orElseThrow());
    assertEquals(TextComparison.BY_COLLATION, mariaDb.textComparison());
    // Its scope columns are taken as its collations take them: never exactly, each spelling read beside a hash.
    assertEquals(Optional.empty(), mariaDb.scopeColumns());
    ScopeComparison unread = mariaDb.scopeComparisonNotRead("not read");
    assertFalse(unread.exact());
    assertTrue(unread.spellingsHashed());
    assertEquals(List.of(), mariaDb.batchSession());
    assertEquals(java.util.Set.of("40001"), mariaDb.deadlockStates());
  }

  @Test
  void aMariaDbOrMySqlServerThatSkipsNoLockedRowsGetsThePortableJpqlButKeepsItsLock() {
    DatabaseProfile old = MariaDbProfile.mariaDb(false);
    assertEquals(List.of(), shapes(old));
    assertEquals(Optional.of(SessionLock.NAMED), old.sessionLock());
    assertEquals(TextComparison.BY_COLLATION, old.textComparison());
  }

  @Test
  void mySqlIsMariaDbWithTheRangeStatementForTheOrderedDeleteAndWithoutItsPartitionCatalog() {
    DatabaseProfile mySql = DatabaseDetection.OnHibernate.profile(new MySQLDialect());
    assertEquals("MySQL", mySql.name());
    assertEquals(List.of("range(INNODB; integerKeysOnly(skipLocked(by primary key)))",
        "integerKeysOnly(skipLocked(by primary key))", "keyDelete"), shapes(mySql));
    assertEquals(Optional.of(SessionLock.NAMED), mySql.sessionLock());
    assertEquals(Optional.empty(), mySql.partitionCatalog());
    assertEquals(TextComparison.BY_COLLATION, mySql.textComparison());
  }

  /**
   * A dialect told by hand can name the other of MariaDB and MySQL than the server is: the profile follows the server,
   * as its driver names it (MySQL's driver reads MariaDB's version string), keeps what the runtime writes in the
   * server's words (its lock, how it groups text) and drops what Hibernate would write in the dialect's (every native
   * shape, skipping locked rows, partitions, exact scope columns), and its note tells the start line why and what to set.
   */
  @Test
  void aServerThatIsTheOtherOfMariaDbAndMySqlThanTheDialectGetsItsOwnProfileThePortableJpqlAndANote() {
    for (DatabaseDetection.Server mariaDb : List.of(new DatabaseDetection.Server("MariaDB", "10.11.6-MariaDB"),
        new DatabaseDetection.Server("MySQL", "5.5.5-10.11.6-MariaDB"))) {
      DatabaseProfile profile = DatabaseDetection.OnHibernate.profile(new MySQLDialect(), Optional.of(mariaDb));
      assertEquals("MariaDB", profile.name(), mariaDb::toString);
      assertEquals(List.of(), shapes(profile));
      assertFalse(profile.skipsLockedRows());
      assertEquals(Optional.of(SessionLock.NAMED), profile.sessionLock());
      assertEquals(Optional.empty(), profile.partitionCatalog());
      assertEquals(Optional.empty(), profile.scopeColumns());
      assertEquals(TextComparison.BY_COLLATION, profile.textComparison());
      String note = profile.note().orElseThrow();
      assertTrue(note.startsWith("the dialect is MySQLDialect (MySQL) but the server is " + mariaDb + ":")
          && note.contains("every pass runs the portable JPQL")
          && note.contains("set hibernate.dialect to MariaDB's dialect or leave it unset"), note);
    }
    DatabaseProfile mySql = DatabaseDetection.OnHibernate.profile(new MariaDBDialect(),
        Optional.of(new DatabaseDetection.Server("MySQL", "8.0.36")));
    assertEquals("MySQL", mySql.name());
    assertEquals(List.of(), shapes(mySql));
    assertTrue(mySql.note().orElseThrow().contains("the dialect is MariaDBDialect (MariaDB) but the server is MySQL"));
  }

  /** Where the server agrees with the dialect, or cannot be told apart by its driver, the dialect decides, silently. */
  @Test
  void aServerThatAgreesWithTheDialectOrThatItsDriverCannotTellChangesNothing() {
    DatabaseProfile agreeing = DatabaseDetection.OnHibernate.profile(new MariaDBDialect(),
        Optional.of(new DatabaseDetection.Server("MariaDB", "10.11.6-MariaDB")));
    assertInstanceOf(MariaDbProfile.class, agreeing);
    assertEquals(Optional.empty(), agreeing.note());
    assertInstanceOf(MariaDbProfile.class, DatabaseDetection.OnHibernate.profile(new MariaDBDialect(),
        Optional.empty()), "a server that could not be asked");
    // PostgreSQL's driver names every server PostgreSQL, CockroachDB too: its dialect is not second-guessed.
    DatabaseProfile cockroach = DatabaseDetection.OnHibernate.profile(new CockroachDialect(),
        Optional.of(new DatabaseDetection.Server("PostgreSQL", "13.0.0")));
    assertInstanceOf(OtherDatabase.class, cockroach);
    assertEquals(Optional.empty(), cockroach.note());
    assertInstanceOf(PostgresProfile.class, DatabaseDetection.OnHibernate.profile(new PostgreSQLDialect(),
        Optional.of(new DatabaseDetection.Server("PostgreSQL", "15.6"))));
  }

  @Test
  void h2GetsThePortableJpqlAndNoLock() {
    DatabaseProfile h2 = DatabaseDetection.OnHibernate.profile(new H2Dialect());
    assertInstanceOf(H2Profile.class, h2);
    assertPortable(h2);
  }

  @Test
  void anUnknownDatabaseGetsTheGenericProfileThePortableJpqlAndNoLock() {
    DatabaseProfile oracle = DatabaseDetection.OnHibernate.profile(new OracleDialect());
    assertInstanceOf(OtherDatabase.class, oracle);
    assertEquals("OracleDialect", oracle.name());
    assertPortable(oracle);
    // PostgreSQL's wire protocol is not PostgreSQL: CockroachDB's dialect is not derived from PostgreSQL's.
    DatabaseProfile cockroach = DatabaseDetection.OnHibernate.profile(new CockroachDialect());
    assertInstanceOf(OtherDatabase.class, cockroach);
    assertPortable(cockroach);
    assertEquals(Deadlocks.KNOWN_STATES, cockroach.deadlockStates());
  }

  @Test
  void eclipseLinkPlatformsGetTheSameProfiles() {
    assertInstanceOf(PostgresProfile.class, DatabaseDetection.OnEclipseLink.profile(new PostgreSQLPlatform()));
    DatabaseProfile mariaDb = DatabaseDetection.OnEclipseLink.profile(new MariaDBPlatform());
    assertEquals("MariaDB", mariaDb.name());
    assertEquals(TextComparison.BY_COLLATION, mariaDb.textComparison());
    DatabaseProfile mySql = DatabaseDetection.OnEclipseLink.profile(new MySQLPlatform());
    assertEquals("MySQL", mySql.name());
    assertEquals(TextComparison.BY_COLLATION, mySql.textComparison());
    assertInstanceOf(H2Profile.class, DatabaseDetection.OnEclipseLink.profile(new H2Platform()));
    assertPortable(DatabaseDetection.OnEclipseLink.profile(new OraclePlatform()));
    assertPortable(DatabaseDetection.OnEclipseLink.profile(new DatabasePlatform()));
  }

  @Test
  void postgresqlsCatalogNamesAColumnAsItsStatementsDo() {
    assertEquals("tenant_id", PostgresScopeColumns.catalogName("TENANT_ID"), "an unquoted name, folded");
    assertEquals("Tenant \"A\"", PostgresScopeColumns.catalogName("\"Tenant \"\"A\"\"\""), "a quoted name, as written");
  }

  @Test
  void aRowLockWaitThatTimedOutIsRecognisedByEachDatabasesOwnCode() {
    assertTrue(RowLockWait.POSTGRESQL.timedOut(new SQLException("canceling statement due to lock timeout", "55P03")));
    assertFalse(RowLockWait.POSTGRESQL.timedOut(new SQLException("deadlock detected", "40P01")));
    assertTrue(RowLockWait.INNODB.timedOut(new SQLException("Lock wait timeout exceeded", "HY000", 1205)));
    assertFalse(RowLockWait.INNODB.timedOut(new SQLException("Deadlock found", "40001", 1213)));
  }

  private static void assertPortable(DatabaseProfile profile) {
    assertEquals(List.of(), shapes(profile));
    assertEquals(Optional.empty(), profile.sessionLock());
    assertEquals(Optional.empty(), profile.partitionCatalog());
    assertEquals(TextComparison.EXACT, profile.textComparison());
    assertEquals(Optional.empty(), profile.scopeColumns());
    ScopeComparison unread = profile.scopeComparisonNotRead("not read");
    assertFalse(unread.exact() || unread.spellingsHashed());
    assertEquals(List.of(), profile.batchSession());
  }

  /** The shapes the profile composes, each named by how it was built. */
  private static List<String> shapes(DatabaseProfile profile) {
    return profile.nativeShapes(new Recording()).stream().map(NativeShapes::name).collect(Collectors.toList());
  }

  /** Builds a shape that only says how it was built. */
  private static final class Recording implements NativeStatements {

    @Override
    public NativeShapes physicalAddress() {
      return new Named("ctid");
    }

    @Override
    public NativeShapes skipLocked(boolean deleteByPrimaryKey) {
      return new Named("skipLocked(" + (deleteByPrimaryKey ? "by primary key" : "by query") + ")");
    }

    @Override
    public NativeShapes integerKeysOnly(NativeShapes shape) {
      return new Named("integerKeysOnly(" + shape.name() + ")");
    }

    @Override
    public NativeShapes keyDelete() {
      return new Named("keyDelete");
    }

    @Override
    public NativeShapes range(RowLockWait lockWait, Optional<IndexCatalog> indexes, List<NativeShapes> others) {
      return new Named("range(" + lockWait + indexes.map(catalog -> ", " + catalog.getClass().getSimpleName())
          .orElse("") + "; "
          + others.stream().map(NativeShapes::name).collect(Collectors.joining(", ")) + ")");
    }

    @Override
    public NativeShapes orderedDelete(RowLockWait lockWait, IndexCatalog indexes, List<NativeShapes> others) {
      return new Named("orderedDelete(" + lockWait + ", " + indexes.getClass().getSimpleName() + "; "
          + others.stream().map(NativeShapes::name).collect(Collectors.joining(", ")) + ")");
    }
  }

  private record Named(String name) implements NativeShapes {
    @Override
    public Judgement judge(PassModel pass) {
      return Judgement.quietlyDeclines();
    }
  }
}
