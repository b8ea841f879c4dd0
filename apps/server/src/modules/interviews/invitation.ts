import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import { type InterviewRow, interviewersOf } from './interviews.queries.ts';

type Person = { name: string; email: string };

const KIND_TITLE = {
  en: { on_site: 'on site', phone: 'by phone', video: 'by video' },
  fr: { on_site: 'sur place', phone: 'par téléphone', video: 'en visio' },
} as const;

/** `Tuesday 27 October 2026, 10:00 (Central European Standard Time)` in a language and zone. */
export function formatWhen(instant: Date, zone: string, lang: 'en' | 'fr') {
  const locale = lang === 'fr' ? 'fr-FR' : 'en-GB';
  const date = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(instant);
  const time = new Intl.DateTimeFormat(locale, { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(
    instant,
  );
  const zoneName =
    new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'long' })
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value ?? zone;
  return { date, time: `${time} (${zoneName})` };
}

export const kindTitle = (kind: InterviewRow['kind'], lang: 'en' | 'fr') => KIND_TITLE[lang][kind];

/**
 * The calendar file of an interview (RFC 5546): METHOD:REQUEST while scheduled, METHOD:CANCEL once cancelled,
 * the interview's stable UID and SEQUENCE, times in UTC, the organiser and every attendee (the candidate and
 * the interviewers; `removed` people alone for the cancellation sent to interviewers taken off it).
 */
export function invitationCalendar(row: InterviewRow, opts: { cancelFor?: Person[] } = {}) {
  const cancelled = row.state === 'cancelled' || opts.cancelFor !== undefined;
  const method = cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = ical({ prodId: { company: 'Vivier', product: 'Interviews', language: 'EN' }, method });
  const start = new Date(row.starts_at);
  const attendees: Person[] = opts.cancelFor ?? [
    ...(row.candidate_email ? [{ name: row.candidate_name, email: row.candidate_email }] : []),
    ...interviewersOf(row).map((u) => ({ name: u.name, email: u.email })),
  ];
  calendar.createEvent({
    id: row.uid,
    sequence: Number(row.sequence),
    start,
    end: new Date(start.getTime() + row.duration_minutes * 60_000),
    stamp: new Date(),
    summary: `Interview: ${row.candidate_name} – ${row.job_offer_name} (${row.organisation})`,
    description: `${kindTitle(row.kind, 'en')}${row.location ? `: ${row.location}` : ''}`,
    location: row.location || null,
    url: row.kind === 'video' && /^https?:\/\//i.test(row.location) ? row.location : null,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: row.organiser_email
      ? { name: row.organiser_name ?? row.organiser_email, email: row.organiser_email }
      : null,
    attendees: attendees.map((p) => ({
      name: p.name,
      email: p.email,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
      rsvp: !cancelled,
    })),
  });
  return { method: method as 'REQUEST' | 'CANCEL', content: calendar.toString() };
}
