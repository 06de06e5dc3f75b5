package dev.retention.runtime.generated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.zone.ZoneOffsetTransition;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The zone-less forms of a cutoff near daylight-saving transitions: no wall-clock value at or before them could stand
 * for an instant after the cutoff, and they are never more than the transition's shift below the cutoff's own
 * wall-clock time. {@code -Dcutoff.seed=<n>} replays a run.
 */
class CutoffWallClockTest {

  private static final List<ZoneId> ZONES = List.of(ZoneId.of("Europe/Berlin"), ZoneId.of("America/New_York"),
      ZoneId.of("Australia/Lord_Howe"), ZoneId.of("Asia/Tokyo"), ZoneId.of("America/Sao_Paulo"),
      ZoneId.of("Pacific/Apia"), ZoneId.of("UTC"));

  @Test
  void theRepeatedHourOfBerlinInOctoberIsJudgedByItsSecondOccurrence() {
    ZoneId berlin = ZoneId.of("Europe/Berlin");
    // 00:30Z is 02:30 summer time; 02:15 comes again at 01:15Z, after the cutoff, so every 02:xx value stays.
    Cutoff firstOccurrence = Cutoff.of(Instant.parse("2026-10-25T00:30:00Z"), berlin);
    assertEquals(LocalDateTime.parse("2026-10-25T01:59:59.999999"), firstOccurrence.toLocalDateTime());
    // 01:30Z is 02:30 winter time: every 02:00-02:30 value is past in both readings.
    Cutoff secondOccurrence = Cutoff.of(Instant.parse("2026-10-25T01:30:00Z"), berlin);
    assertEquals(LocalDateTime.parse("2026-10-25T02:30:00"), secondOccurrence.toLocalDateTime());
    assertEquals(Instant.parse("2026-10-25T01:15:00Z"),
        secondOccurrence.instantOf(LocalDateTime.parse("2026-10-25T02:15:00")), "the later reading");
  }

  @Test
  void aValueInTheSkippedHourOfBerlinInMarchIsReadWithTheOffsetBeforeTheGap() {
    ZoneId berlin = ZoneId.of("Europe/Berlin");
    // 01:10Z is 03:10 summer time; 02:40 (written by someone who ignored the gap) could mean 01:40Z.
    Cutoff cutoff = Cutoff.of(Instant.parse("2026-03-29T01:10:00Z"), berlin);
    assertEquals(LocalDateTime.parse("2026-03-29T02:10:00"), cutoff.toLocalDateTime());
    assertEquals(Instant.parse("2026-03-29T01:40:00Z"), cutoff.instantOf(LocalDateTime.parse("2026-03-29T02:40:00")));
    GregorianCalendar calendar = (GregorianCalendar) cutoff.toCalendar();
    assertEquals(LocalDateTime.parse("2026-03-29T01:59:59.999"), calendar.toZonedDateTime().toLocalDateTime(),
        "a calendar cannot hold a time in the gap: the last millisecond before it");
  }

  @Test
  void awayFromTransitionsTheFormsAreTheCutoffsOwnWallClockTime() {
    Instant instant = Instant.parse("2026-06-10T12:34:56.123456Z");
    for (ZoneId zone : ZONES) {
      Cutoff cutoff = Cutoff.of(instant, zone);
      assertEquals(LocalDateTime.ofInstant(instant, zone), cutoff.toLocalDateTime(), zone.getId());
      assertEquals(instant, cutoff.instantOf(cutoff.toLocalDateTime()), zone.getId());
    }
  }

  @Test
  void nearTransitionsNoValueAtOrBeforeTheCutoffFormCouldStandForALaterInstant() {
    long seed = Long.getLong("cutoff.seed", System.nanoTime());
    Random random = new Random(seed);
    for (int number = 0; number < 1_000; number++) {
      ZoneId zone = ZONES.get(random.nextInt(ZONES.size()));
      Instant cutoff = nearATransition(random, zone);
      LocalDateTime safe = Cutoff.of(cutoff, zone).toLocalDateTime();
      String context = "seed " + seed + ", zone " + zone + ", cutoff " + cutoff + ", safe " + safe;
      for (long minutes = -300; minutes <= 0; minutes++) {
        LocalDateTime value = safe.plusMinutes(minutes);
        assertFalse(WallClocks.latestInstant(value, zone).isAfter(cutoff), context + ", value " + value);
      }
      assertFalse(WallClocks.latestInstant(safe, zone).isAfter(cutoff), context);
      Duration shift = Duration.between(safe, LocalDateTime.ofInstant(cutoff, zone));
      assertTrue(!shift.isNegative() && shift.compareTo(Duration.ofHours(1)) <= 0,
          context + ": lowered by " + shift);
    }
  }

  /** An instant within three hours of one of the zone's transitions in 2020-2030, or any instant where it has none. */
  private static Instant nearATransition(Random random, ZoneId zone) {
    Instant base = Instant.parse("2020-01-01T00:00:00Z").plusSeconds(random.nextInt(10 * 365 * 86_400));
    ZoneOffsetTransition transition = zone.getRules().nextTransition(base);
    Instant anchor = transition == null ? base : transition.getInstant();
    return anchor.plusMillis(random.nextInt(6 * 3_600_000) - 3 * 3_600_000L).plusNanos(random.nextInt(1_000) * 1_000L);
  }
}
