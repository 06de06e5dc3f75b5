package dev.retention.runtime.internal.pass;

/**
 * How the database compares a scoped pass's scope column with the values the runtime binds for it, decided once at
 * {@code build()} from the database's catalog (see {@link PassModel#scopeComparison()}).
 *
 * <p><b>Exact</b>: two values are equal in the database exactly when they are equal in Java (text under a
 * deterministic collation, compared byte by byte; integers; UUIDs). A batch of a scope then matches no row of another
 * value, so no other value's window can reach it: the batch need not see its rows' scopes before it deletes, and no
 * spelling stored for the scope is read.
 *
 * <p>Otherwise the database may take values Java tells apart as one (a collation's equal: {@code ACME} and
 * {@code acme} under a case-insensitive one; {@code char(n)}, which ignores trailing spaces), or the runtime cannot
 * tell: every batch sees its rows' scopes before it deletes, and the spellings stored for a scope are read, so that
 * values the database takes as one go by the longest of their windows. Everything uncertain is taken as not exact.
 */
public final class ScopeComparison {

  /** Equal in the database exactly when equal in Java. */
  public static final ScopeComparison EXACT = new ScopeComparison(true, "", false);

  private final boolean exact;
  private final String why;
  private final boolean spellingsHashed;

  private ScopeComparison(boolean exact, String why, boolean spellingsHashed) {
    this.exact = exact;
    this.why = why;
    this.spellingsHashed = spellingsHashed;
  }

  /**
   * The database may take values Java tells apart as one, or the runtime cannot tell whether it does.
   *
   * @param why why, as a clause the start line can carry: "the scope column tenant_id has the nondeterministic
   *     collation ci"
   * @param spellingsHashed whether the database's {@code DISTINCT} returns one spelling of several it takes as one, so
   *     that the spellings stored for a scope are read beside a hash of their bytes, which keeps them apart
   */
  public static ScopeComparison merging(String why, boolean spellingsHashed) {
    return new ScopeComparison(false, why, spellingsHashed);
  }

  /** Whether two values are equal in the database exactly when they are equal in Java. */
  public boolean exact() {
    return exact;
  }

  /** Why the comparison is not exact; empty when it is. */
  public String why() {
    return why;
  }

  /** Whether the spellings stored for a scope are read beside a hash of their bytes; never for an exact comparison. */
  public boolean spellingsHashed() {
    return spellingsHashed;
  }

  @Override
  public String toString() {
    return exact ? "exact" : why;
  }
}
