/** The processor's {@code -Aretention.*} options, read once and checked. */
package dev.retention.processor.option;
