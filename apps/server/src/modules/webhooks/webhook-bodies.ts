import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { findNotes } from '../activity/notes.queries.ts';
import { presentCandidate } from '../candidates/candidate.presenter.ts';
import { findCandidates } from '../candidates/candidates.queries.ts';
import { presentInterview } from '../interviews/interview.presenter.ts';
import { selectInterviews } from '../interviews/interviews.queries.ts';
import { presentJobApplication } from '../job-applications/job-application.presenter.ts';
import { findJobApplicationsOf } from '../job-applications/job-applications.queries.ts';

/** An event as the drain reads it. */
export type EventRow = {
  id: number;
  licence_id: number;
  type: string;
  resource_id: number | null;
  snapshot: unknown;
  body: string | null;
  created_at: string | Date;
};

/**
 * What a delivery's body is (decision 199): `{id, type, timestamp, data}`, `id` the event's (`evt_…`, the
 * same as the `webhook-id` header: a receiver keeps it to drop a second delivery), `data` the resource as the
 * API answers it, through the resource's presenter.
 */
export const eventId = (id: number) => `evt_${id}`;

const envelope = (event: EventRow, data: unknown) => ({
  id: eventId(event.id),
  type: event.type,
  timestamp: new Date(event.created_at).toISOString(),
  data,
});

/**
 * Renders the bodies of events not rendered yet, in one read per licence and kind of resource, and keeps
 * them (a retry or a resend sends the same bytes). A resource gone before its first delivery is `{id}`.
 */
export async function renderBodies(db: Db, events: EventRow[]): Promise<Map<number, string>> {
  const bodies = new Map<number, string>();
  const unrendered = events.filter((event) => {
    if (event.body !== null) {
      bodies.set(Number(event.id), event.body);
      return false;
    }
    return true;
  });
  const groups = new Map<string, EventRow[]>();
  for (const event of unrendered) {
    const key = `${event.licence_id} ${event.type.split('.')[0]}`;
    groups.set(key, [...(groups.get(key) ?? []), event]);
  }
  for (const group of groups.values()) {
    const first = group[0];
    if (!first) continue;
    const licenceId = Number(first.licence_id);
    const ids = group.flatMap((event) => (event.resource_id === null ? [] : [Number(event.resource_id)]));
    const found = new Map<number, unknown>();
    const kind = first.type.split('.')[0];
    if (kind === 'candidate') {
      for (const row of await findCandidates(db, licenceId, ids)) found.set(row.id, presentCandidate(row));
    } else if (kind === 'application') {
      for (const row of await findJobApplicationsOf(db, licenceId, ids)) {
        found.set(row.id, presentJobApplication(row, ['status']));
      }
    } else if (kind === 'interview' && ids.length > 0) {
      const list = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      for (const row of await selectInterviews(db, { licenceId }, sql`i.id in (${list})`, ids.length)) {
        found.set(Number(row.id), presentInterview(row));
      }
    } else if (kind === 'note') {
      for (const note of await findNotes(db, { licenceId }, ids)) found.set(note.id, note);
    }
    for (const event of group) {
      const snapshot = typeof event.snapshot === 'string' ? JSON.parse(event.snapshot) : event.snapshot;
      const resource = event.resource_id === null ? undefined : found.get(Number(event.resource_id));
      const data = snapshot ?? resource ?? { id: event.resource_id };
      bodies.set(Number(event.id), JSON.stringify(envelope(event, data)));
    }
  }
  if (unrendered.length > 0) {
    const rendered = unrendered.map((event) => ({
      id: Number(event.id),
      body: bodies.get(Number(event.id)),
    }));
    // The drain runs for every licence: the rows are named by the ids it claimed, not by a caller's licence.
    await db.execute(sql`
      update webhook_events ev set body = r.body
      from jsonb_to_recordset(${JSON.stringify(rendered)}::jsonb) as r(id bigint, body text)
      where ev.id = r.id and ev.body is null`);
  }
  return bodies;
}

/** The events of these ids. */
export function readEvents(db: Db, ids: number[]) {
  return rawRows<EventRow>(
    db,
    sql`select id, licence_id, type, resource_id, snapshot, body, created_at from webhook_events
        where id = any(${`{${ids.join(',')}}`}::bigint[])`,
  );
}
