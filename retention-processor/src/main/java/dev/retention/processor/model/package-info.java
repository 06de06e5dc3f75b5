/** Immutable models of a pass and of the registry, and the factory that builds a pass model from a checked entity. */
package dev.retention.processor.model;
