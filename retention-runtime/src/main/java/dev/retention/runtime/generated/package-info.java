/**
 * What generated code needs: the base class of generated passes, the description they give of their entity, the
 * registry interface found through {@code ServiceLoader}, and the cutoff in every attribute type. Written for the code
 * {@code retention-processor} generates; applications use {@code dev.retention.runtime} instead. It may change before
 * 1.0, together with the processor.
 */
package dev.retention.runtime.generated;
