package dev.retention.runtime.generated;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.List;

/**
 * Wall-clock values, read in a zone, judged the way that keeps a row when in doubt. A wall-clock value in an hour that
 * the zone repeats (daylight saving ends) stands for two instants; one in an hour the zone skips stands for none, and
 * could have been written with the offset before or after the gap. Either way it is judged by the latest instant it
 * could stand for, and a cutoff compared with such values is lowered until no value at or before it could stand for an
 * instant after the cutoff.
 */
final class WallClocks {

  /** The smallest step databases keep in a timestamp: one microsecond. */
  static final Duration STEP = Duration.ofNanos(1_000);

  /** How far from the cutoff offset transitions are looked for: more than any zone has ever shifted in one step. */
  private static final Duration REACH = Duration.ofDays(3);

  private WallClocks() {}

  /** The latest instant {@code wallClock} could stand for in {@code zone}. */
  static Instant latestInstant(LocalDateTime wallClock, ZoneId zone) {
    // In a gap, java.time moves the value forward by the gap's length, which reads it with the offset before the gap:
    // the later of its two possible readings.
    return wallClock.atZone(zone).withLaterOffsetAtOverlap().toInstant();
  }

  /**
   * The largest wall-clock value in {@code zone} such that no value at or before it could stand for an instant after
   * {@code cutoff}. Away from offset transitions it is the cutoff's own wall-clock time.
   */
  static LocalDateTime latestSafe(Instant cutoff, ZoneId zone) {
    LocalDateTime safe = LocalDateTime.ofInstant(cutoff, zone);
    List<Region> regions = regions(zone.getRules(), cutoff);
    for (int index = regions.size() - 1; index >= 0; index--) {
      Region region = regions.get(index);
      if (safe.isBefore(region.start())) {
        continue;
      }
      // Every value of the region at or below `safe` is read with the region's offset at the latest; none may be read
      // as an instant after the cutoff.
      LocalDateTime highest = region.end() == null || safe.isBefore(region.end()) ? safe : region.end().minus(STEP);
      LocalDateTime bound = LocalDateTime.ofInstant(cutoff, region.latestOffset());
      if (highest.isAfter(bound)) {
        LocalDateTime belowRegion = region.start().minus(STEP);
        safe = bound.isAfter(belowRegion) ? bound : belowRegion;
      }
    }
    return safe;
  }

  /**
   * The latest safe value as a zoned date-time whose wall-clock time is that value and whose instant is at or before
   * the cutoff; when the value falls in a gap, the last instant before the gap.
   */
  static ZonedDateTime latestSafeZoned(Instant cutoff, ZoneId zone) {
    LocalDateTime safe = latestSafe(cutoff, zone);
    ZoneOffsetTransition transition = zone.getRules().getTransition(safe);
    if (transition != null && transition.isGap()) {
      return transition.getInstant().minus(STEP).atZone(zone);
    }
    return safe.atZone(zone).withLaterOffsetAtOverlap();
  }

  /** A stretch of wall-clock values read with one latest offset: from {@code start} to before {@code end}. */
  private record Region(LocalDateTime start, LocalDateTime end, ZoneOffset latestOffset) {}

  /** The regions of the wall-clock line around the cutoff, in order; the first and last reach without bound. */
  private static List<Region> regions(ZoneRules rules, Instant cutoff) {
    List<ZoneOffsetTransition> transitions = new ArrayList<>();
    ZoneOffsetTransition next = rules.nextTransition(cutoff.minus(REACH));
    while (next != null && !next.getInstant().isAfter(cutoff.plus(REACH))) {
      transitions.add(next);
      next = rules.nextTransition(next.getInstant());
    }
    List<Region> regions = new ArrayList<>();
    if (transitions.isEmpty()) {
      regions.add(new Region(LocalDateTime.MIN, null, rules.getOffset(cutoff)));
      return regions;
    }
    LocalDateTime start = LocalDateTime.MIN;
    ZoneOffset offset = transitions.get(0).getOffsetBefore();
    for (ZoneOffsetTransition transition : transitions) {
      LocalDateTime before = transition.getDateTimeBefore();
      LocalDateTime after = transition.getDateTimeAfter();
      LocalDateTime low = before.isBefore(after) ? before : after;
      LocalDateTime high = before.isBefore(after) ? after : before;
      regions.add(new Region(start, low, offset));
      // In a gap the later reading uses the offset before it; in an overlap, the offset after it.
      regions.add(
          new Region(low, high, transition.isGap() ? transition.getOffsetBefore() : transition.getOffsetAfter()));
      start = high;
      offset = transition.getOffsetAfter();
    }
    regions.add(new Region(start, null, offset));
    return regions;
  }
}
