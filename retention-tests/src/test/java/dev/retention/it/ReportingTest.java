package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.SessionToken;
import dev.retention.it.support.ControlledPass;
import dev.retention.it.support.EveryProvider;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.internal.report.BatchEvent;
import dev.retention.runtime.internal.report.SweepEvent;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Every sweep reported to {@code System.Logger} and to Flight Recorder. */
@EveryProvider
class ReportingTest extends H2Fixture {

  /** Before-delete hooks that fail their batches on purpose; the runtime warns of each failed sweep. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention")
      .allow("failed: .*BeforeDeleteFailedException");

  /** Held here: java.util.logging keeps loggers weakly, and a handler on a dropped logger would hear nothing. */
  private final Logger logger = Logger.getLogger("dev.retention");
  private final List<LogRecord> records = new CopyOnWriteArrayList<>();
  private final Handler capture = new Handler() {
    @Override
    public void publish(LogRecord record) {
      records.add(record);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };
  private Level previousLevel;

  @TempDir
  Path folder;

  @BeforeEach
  void captureLogs() {
    previousLevel = logger.getLevel();
    logger.setLevel(Level.ALL);
    logger.addHandler(capture);
  }

  @AfterEach
  void releaseLogs() {
    logger.removeHandler(capture);
    logger.setLevel(previousLevel);
  }

  @Test
  void aSweepThatDeletesIsInfoAnEmptyOneIsDebugAndAFailureIsAWarningEachNamingThePass() {
    persistExpiredSessions(1, 3);
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).build()) {
      retention.sweep(SESSIONS);
      retention.sweep(SESSIONS);
    }
    ControlledPass failing = ControlledPass.of(SessionToken.class).onBatch(deleted -> {
      throw new IllegalStateException("deadlock detected");
    });
    persistExpiredSessions(10, 1);
    try (RetentionRuntime retention = ControlledPass.builder(emf, failing).clock(clock)
        .portableStatements(true).build()) {
      retention.sweep(SESSIONS);
    }

    List<LogRecord> sweeps = records.stream().filter(record -> record.getMessage().startsWith(SESSIONS))
        .collect(Collectors.toList());
    assertEquals(List.of(Level.INFO, Level.FINE, Level.WARNING),
        sweeps.stream().map(LogRecord::getLevel).collect(Collectors.toList()));
    assertTrue(sweeps.get(0).getMessage().startsWith(SESSIONS + ": deleted 3 rows in 1 batch, cutoff " + NOW),
        sweeps.get(0).getMessage());
    assertTrue(sweeps.get(1).getMessage().startsWith(SESSIONS + ": deleted 0 rows"), sweeps.get(1).getMessage());
    assertTrue(sweeps.get(2).getThrown().getMessage().contains("deadlock detected"));
  }

  @Test
  void sweepsAndBatchesAreRecordedByFlightRecorderWithTheDefaultSettings() throws Exception {
    persistExpiredSessions(1, 25);
    Path file = folder.resolve("retention.jfr");
    try (Recording recording = new Recording(Configuration.getConfiguration("default"))) {
      recording.start();
      try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock)
          .defaults(RetentionOptions.empty().withBatchSize(10).withMaxStartupStagger(Duration.ZERO))
          .build()) {
        retention.sweep(SESSIONS);
      }
      recording.stop();
      recording.dump(file);
    }

    List<RecordedEvent> events = RecordingFile.readAllEvents(file);
    List<RecordedEvent> sweeps = ofType(events, SweepEvent.NAME);
    List<RecordedEvent> batches = ofType(events, BatchEvent.NAME);
    assertEquals(1, sweeps.size());
    RecordedEvent sweep = sweeps.get(0);
    assertEquals(SESSIONS, sweep.getString("pass"));
    assertEquals(25, sweep.getLong("deleted"));
    assertEquals(3, sweep.getInt("batches"));
    assertEquals(NOW.toEpochMilli(), sweep.getInstant("cutoff").toEpochMilli());
    assertEquals(List.of(10, 10, 5), batches.stream().map(batch -> batch.getInt("deleted"))
        .collect(Collectors.toList()));
    assertTrue(batches.stream().allMatch(batch -> SESSIONS.equals(batch.getString("pass"))));
  }

  private static List<RecordedEvent> ofType(List<RecordedEvent> events, String name) {
    return events.stream().filter(event -> event.getEventType().getName().equals(name)).collect(Collectors.toList());
  }
}
