package dev.retention.sample.model;

/** Where a report job is. */
public enum ReportStatus {
  RUNNING, FINISHED
}
