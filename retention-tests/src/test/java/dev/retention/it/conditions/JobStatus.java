package dev.retention.it.conditions;

/** Where a batch job is. */
public enum JobStatus {
  RUNNING, FINISHED, FAILED
}
