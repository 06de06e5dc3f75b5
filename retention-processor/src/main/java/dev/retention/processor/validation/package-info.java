/** The checks: each returns a ValidationReport; the message catalogue; Diagnostics, which prints reports. */
package dev.retention.processor.validation;
