import { and, eq, sql } from 'drizzle-orm';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { calendarFeeds } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { Caller } from '../../http/caller.ts';
import { hashToken, newSecretToken } from '../../lib/secret-token.ts';
import { selectInterviews } from './interviews.queries.ts';
import { kindTitle } from './invitation.ts';

/** The feed's address: `/calendar/{token}.ics` (its own scope beside /api, calendar-feed.routes.ts). */
export const feedPath = (token: string) => `/calendar/${token}.ics`;

/** Whether the caller has a feed, and since when. */
export async function feedState(db: Db, caller: Caller) {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(and(scoped(calendarFeeds, caller), eq(calendarFeeds.userId, caller.userId)));
  return { active: row !== undefined, created_at: row ? row.createdAt.toISOString() : null };
}

/** A new secret for the caller's feed (the earlier one stops working): only its SHA-256 is kept. */
export async function createFeed(db: Db, caller: Caller) {
  const token = newSecretToken();
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId: caller.userId, licenceId: caller.licenceId, tokenHash: hashToken(token) })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash: hashToken(token), createdAt: new Date() },
    })
    .returning({ createdAt: calendarFeeds.createdAt });
  return { token, createdAt: row?.createdAt ?? new Date() };
}

export async function revokeFeed(db: Db, caller: Caller) {
  await db
    .delete(calendarFeeds)
    .where(and(scoped(calendarFeeds, caller), eq(calendarFeeds.userId, caller.userId)));
}

/**
 * The calendar of a feed's secret, or undefined: the user's interviews from 30 days ago to a year ahead (at
 * most 1,000), as METHOD:PUBLISH with each interview's own UID and SEQUENCE, so a calendar that also holds the
 * mailed invitation shows one event. The licence comes from the feed's row; nothing else is read.
 */
export async function feedCalendar(db: Db, token: string) {
  const [feed] = await rawRows<{ user_id: number; licence_id: number }>(
    db,
    sql`select user_id, licence_id from calendar_feeds where token_hash = ${hashToken(token)}`,
  );
  if (!feed) return undefined;
  const rows = await selectInterviews(
    db,
    Number(feed.licence_id),
    sql`i.starts_at > now() - interval '30 days' and i.starts_at < now() + interval '365 days'
        and exists (select 1 from interview_interviewers m where m.interview_id = i.id and m.user_id = ${Number(feed.user_id)})`,
  );
  const calendar = ical({
    name: 'Vivier interviews',
    prodId: { company: 'Vivier', product: 'Interviews', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  for (const row of rows) {
    const start = new Date(row.starts_at);
    calendar.createEvent({
      id: row.uid,
      sequence: Number(row.sequence),
      start,
      end: new Date(start.getTime() + row.duration_minutes * 60_000),
      summary: `Interview: ${row.candidate_name} – ${row.job_offer_name}`,
      description: `${kindTitle(row.kind, 'en')}${row.location ? `: ${row.location}` : ''}`,
      location: row.location || null,
      status: row.state === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
