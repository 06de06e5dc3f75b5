/** Each round's work, in order: read, check, model, write; deferral by name, and when the registry is written. */
package dev.retention.processor.step;
