package dev.retention.runtime.internal.mapping;

/**
 * How the factory's database tells text values apart when it groups them, which decides how the stored spellings of a
 * scope value are read ({@code ACME} and {@code acme} under MariaDB's case-insensitive collations). Each database's
 * profile says which ({@code database.DatabaseProfile#textComparison}), for every column whose catalog it does not
 * read; a scope column it reads may say otherwise ({@code pass.ScopeComparison}: on PostgreSQL, a nondeterministic
 * collation's {@code DISTINCT} merges spellings too, and a deterministic one compares exactly, with nothing to read).
 *
 * <p>MariaDB and MySQL compare, group and {@code DISTINCT} text by the column's collation, so a plain {@code select
 * distinct} returns one spelling of several it takes as one; there each spelling is read beside a hash of its bytes
 * ({@code md5}), which keeps them apart. Elsewhere ({@code DISTINCT} is exact on H2 and on PostgreSQL's deterministic
 * collations, their defaults) the values are read as they are.
 */
public enum TextComparison {
  /** {@code DISTINCT} returns every stored spelling. */
  EXACT,
  /** {@code DISTINCT} merges spellings a collation takes as one: each is read beside a hash of its bytes. */
  BY_COLLATION
}
