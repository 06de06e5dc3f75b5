package dev.retention.runtime.internal.pacing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The gate reads the replicas cheaply: once a second at most while the lag is far below the limit, sooner as it nears
 * it, every 50 ms while held; and it holds on a replica past a limit or whose lag cannot be judged. Time is given.
 */
class ReplicaGateTest {

  private static final long MB = 1024 * 1024;
  private static final long MS = 1_000_000;

  /** Readings to hand out, the last repeated; counts the reads. */
  private static class Script implements ReplicaReader {
    final List<ReplicaLag> lags = new ArrayList<>();
    long position;
    long writtenPerRead;
    int reads;

    @Override
    public ReplicaReading read() {
      reads++;
      position += writtenPerRead;
      ReplicaLag lag = lags.get(Math.min(reads, lags.size()) - 1);
      return new ReplicaReading(List.of(lag), OptionalLong.of(position));
    }

    @Override
    public boolean readsBytes() {
      return true;
    }

    @Override
    public String describe() {
      return "a script";
    }
  }

  private static ReplicaLag behind(long bytes) {
    return new ReplicaLag("standby1", OptionalLong.of(bytes), Optional.empty(), "streaming");
  }

  @Test
  void farBelowTheLimitTheReplicasAreReadOnceASecondAtMost() {
    Script script = new Script();
    script.lags.add(behind(0));
    script.writtenPerRead = 0; // an idle primary: nothing can bring the replica nearer its limit
    ReplicaGate gate = new ReplicaGate(new ReplicaWatch(script), OptionalLong.of(8 * MB), Optional.empty());

    for (long now = 0; now < 3_000 * MS; now += 10 * MS) { // a batch every 10 ms for three seconds
      assertFalse(gate.check(now).holds());
    }

    assertEquals(4, script.reads, "at 0 (twice: the rate is unknown after one reading) and once a second after");
  }

  @Test
  void nearerTheLimitTheReplicasAreReadSoonerSinceTheWalWrittenMayReachIt() {
    Script script = new Script();
    script.lags.add(behind(MB));
    script.lags.add(behind(7 * MB));
    script.writtenPerRead = 10 * MB;
    ReplicaGate gate = new ReplicaGate(new ReplicaWatch(script), OptionalLong.of(8 * MB), Optional.empty());

    gate.check(0);
    gate.check(100 * MS); // the second reading: 10 MB written in 100 ms, the replica 7 MB behind, 1 MB to go
    // Half of that 1 MB at 100 MB/s takes 5 ms: the next read is due then, not a second later.
    gate.check(104 * MS);
    assertEquals(2, script.reads);
    gate.check(106 * MS);
    assertEquals(3, script.reads);
  }

  @Test
  void aHoldDuringWhichNothingIsWrittenDoesNotMakeTheGateTrustTheNextReadingLonger() {
    Script script = new Script();
    script.lags.add(behind(0));
    script.writtenPerRead = 10 * MB; // 10 MB between the first two readings, 100 ms apart: 100 MB/s
    ReplicaWatch watch = new ReplicaWatch(script);
    watch.reading(0, 0);
    watch.reading(100 * MS, 0);
    script.writtenPerRead = 0; // a held sweep writes nothing
    watch.reading(150 * MS, 0);
    watch.reading(200 * MS, 0);

    double bytesPerSecond = watch.bytesPerNano().orElseThrow() * 1e9;
    assertTrue(bytesPerSecond > 99 * MB, "the rate seen lately, not the pause's: " + bytesPerSecond);
  }

  @Test
  void aReplicaPastTheLimitHoldsAndIsReadAgainEvery50Ms() {
    Script script = new Script();
    script.lags.add(behind(9 * MB));
    script.lags.add(behind(9 * MB));
    script.lags.add(behind(2 * MB));
    ReplicaGate gate = new ReplicaGate(new ReplicaWatch(script), OptionalLong.of(8 * MB), Optional.empty());

    Hold first = gate.check(0);
    assertTrue(first.holds());
    assertEquals("standby1", first.cause());
    assertTrue(first.reason().orElseThrow().contains("9.0 MB"), first.reason().orElseThrow());
    assertTrue(gate.check(50 * MS).holds());
    assertFalse(gate.check(100 * MS).holds());
    assertEquals(3, script.reads);
  }

  @Test
  void aReplicaWhoseLagCannotBeJudgedHolds() {
    Script script = new Script();
    script.lags.add(new ReplicaLag("replica-a", OptionalLong.empty(), Optional.empty(), "replication stopped"));
    ReplicaGate gate = new ReplicaGate(new ReplicaWatch(script), OptionalLong.empty(),
        Optional.of(Duration.ofSeconds(1)));

    Hold hold = gate.check(0);

    assertTrue(hold.holds());
    assertTrue(hold.reason().orElseThrow().contains("replication stopped"), hold.reason().orElseThrow());
  }

  @Test
  void aFailedReadHoldsAndSaysWhy() {
    ReplicaReader failing = new Script() {
      @Override
      public ReplicaReading read() {
        throw new IllegalStateException("connection refused");
      }
    };
    ReplicaGate gate = new ReplicaGate(new ReplicaWatch(failing), OptionalLong.of(MB), Optional.empty());

    Hold hold = gate.check(0);

    assertTrue(hold.holds());
    assertTrue(hold.reason().orElseThrow().contains("connection refused"), hold.reason().orElseThrow());
  }

  @Test
  void aTimeLimitJudgesTheReplicasDelay() {
    Script script = new Script();
    script.lags.add(new ReplicaLag("standby1", OptionalLong.of(0), Optional.of(Duration.ofMillis(2500)), "streaming"));
    ReplicaGate gate = new ReplicaGate(new ReplicaWatch(script), OptionalLong.empty(),
        Optional.of(Duration.ofSeconds(2)));

    assertTrue(gate.check(0).holds());
  }
}
