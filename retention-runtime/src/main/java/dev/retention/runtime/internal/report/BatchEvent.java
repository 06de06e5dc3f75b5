package dev.retention.runtime.internal.report;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** One committed batch of a sweep; the event's duration is the batch's, its transaction included. */
@Name(BatchEvent.NAME)
@Label("Retention Batch")
@Category("Retention")
@Description("One batch of a retention sweep, in its own transaction")
@StackTrace(false)
public final class BatchEvent extends Event {

  public static final String NAME = "dev.retention.Batch";

  @Label("Pass")
  public String pass;

  @Label("Batch Number")
  public int number;

  @Label("Rows Deleted")
  public int deleted;

  @Label("Batch Size")
  @Description("The most rows the batch was allowed: batch-size, or the size chosen from batch-target")
  public int batchSize;
}
