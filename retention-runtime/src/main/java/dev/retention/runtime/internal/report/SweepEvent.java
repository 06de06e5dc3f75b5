package dev.retention.runtime.internal.report;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;
import jdk.jfr.Timestamp;

/** One sweep of one pass, recorded by Java Flight Recorder; the event's duration is the sweep's. */
@Name(SweepEvent.NAME)
@Label("Retention Sweep")
@Category("Retention")
@Description("One sweep of a retention pass: rows deleted, batches, lag and failure")
@StackTrace(false)
public final class SweepEvent extends Event {

  public static final String NAME = "dev.retention.Sweep";

  @Label("Pass")
  public String pass;

  @Label("Cutoff")
  @Description("The instant rows were compared with; Long.MIN_VALUE when the window is never")
  @Timestamp(Timestamp.MILLISECONDS_SINCE_EPOCH)
  public long cutoff;

  @Label("Rows Deleted")
  @Description("Rows deleted, or in a dry run rows that would have been")
  public long deleted;

  @Label("Batches")
  public int batches;

  @Label("Work Remains")
  public boolean workRemains;

  @Label("Dry Run")
  public boolean dryRun;

  @Label("Lag")
  @Description("How long the oldest expired row left has been expired; -1 when none is left")
  @Timespan(Timespan.MILLISECONDS)
  public long lag;

  @Label("Outcome")
  @Description("success, failure, or skipped: another instance was sweeping the pass")
  public String outcome;

  @Label("Failure")
  public String failure;

  @Label("Partitions Dropped")
  @Description("Partitions whose whole range was expired and that went whole (in a dry run, would)")
  public int partitionsDropped;

  @Label("Partition Rows")
  @Description("The rows those partitions held, as the database's statistics estimated them")
  public long partitionRows;

  @Label("Held")
  @Description("How long the sweep's batches waited for a replica past its limit or for the application's throttle")
  @Timespan(Timespan.MILLISECONDS)
  public long held;

  @Label("Held By")
  @Description("Why the sweep was held, the latest reason: which replica and how far behind, or the throttle's; null"
      + " when nothing held it")
  public String heldBy;

  @Label("Replica Lag Bytes")
  @Description("The WAL the replica furthest behind had still to replay at the sweep's last reading; -1 when none was"
      + " read")
  @DataAmount(DataAmount.BYTES)
  public long replicaLagBytes;

  @Label("No Progress")
  @Description("Why the sweep deleted nothing while expired rows are left: held rows, rows out of reach, unexplained;"
      + " null when it made progress or had nothing to do")
  public String noProgress;

  @Label("Scope")
  @Description("The scope value of an on-demand sweep of one scope; null for a sweep of the whole pass")
  public String scope;

  @Label("Tenant")
  @Description("The tenant whose rows the sweep covered; null for a runtime without tenants")
  public String tenant;
}
