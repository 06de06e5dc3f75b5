/** The annotation processor: a thin entry point that hands each round to the step. */
package dev.retention.processor;
