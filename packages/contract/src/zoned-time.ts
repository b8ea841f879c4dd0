// No zod here: the web app imports this at run time (`@vivier/contract/zoned-time`) for the scheduling dialog.

/**
 * Wall clocks in IANA time zones (issue 27): an interview is typed as a date and a time in the organiser's zone
 * and stored as an instant. Intl knows every zone's rules, daylight saving included, so no zone table ships.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The zone's offset from UTC at `instant`, in milliseconds (Paris in summer: +7,200,000). */
export function zoneOffsetMs(instant: number, zone: string): number {
  const parts = Object.fromEntries(
    partsFormatter(zone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall clock (`2026-10-25`, `10:00`) names in `zone`. A time that occurs twice (the hour repeated
 * when clocks go back) is its first occurrence; a time that does not occur (the hour skipped in spring) is
 * read with the offset before the change, i.e. one hour later on the clock, as calendars do.
 */
export function wallClockToInstant(date: string, time: string, zone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  const guess = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, h ?? 0, min ?? 0);
  const before = zoneOffsetMs(guess - 86_400_000, zone);
  const after = zoneOffsetMs(guess + 86_400_000, zone);
  // Try the larger offset first: on a repeated hour it gives the earlier instant.
  for (const offset of before >= after ? [before, after] : [after, before]) {
    const instant = guess - offset;
    if (zoneOffsetMs(instant, zone) === offset) return new Date(instant);
  }
  return new Date(guess - before);
}

/** The wall clock of an instant in a zone: `{date: '2026-10-25', time: '10:00'}`. */
export function instantToWallClock(instant: Date, zone: string) {
  const local = new Date(instant.getTime() + zoneOffsetMs(instant.getTime(), zone));
  const iso = local.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}
