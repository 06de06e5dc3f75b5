/**
 * Statement shapes: the statements that delete one batch, every one built from the predicate of {@code pass} and
 * applying it at the selection and again at the delete (or, where the delete goes by key alone, holding every row the
 * predicate reads since a select applied it); {@code Jpql} writes every statement's text, {@code ShapeChoice} picks
 * each pass's shape by allow-list. Database-specific shapes are in {@code shape.hibernate}.
 */
package dev.retention.runtime.internal.shape;
