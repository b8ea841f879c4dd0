import { candidateEmails, notifications } from '../../db/schema/index.ts';
import { adminOnRecord, all, fresh, org, type Row, readOnRecord, t } from './world.ts';

/** A note the admin wrote on a fresh candidate. */
async function freshNote(): Promise<number> {
  const candidateId = await fresh.candidate();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/candidates/${candidateId}/notes`,
    headers: org.admin.headers,
    payload: { content: '<p>A note</p>' },
  });
  return res.json().id as number;
}

/** A notification of `userId` about a fresh candidate. */
async function freshNotificationOf(userId: number): Promise<number> {
  const [row] = await t.db
    .insert(notifications)
    .values({ licenceId: org.licence.id, userId, kind: 'mention', candidateId: await fresh.candidate() })
    .returning({ id: notifications.id });
  return row?.id ?? 0;
}

/**
 * The authorization matrix's rows of candidate activity (issue 21): the timeline, notes and mails are read by
 * every user of the licence; notes are written by any of them (the read-only level too: a note changes no
 * offer) and changed by their author or an admin; notifications are each user's own; rejection reasons are the
 * admin's to edit.
 */
export const ACTIVITY_ROWS: Record<string, Row> = {
  'GET /api/candidates/:id|:candidateId/timeline': { params: { id: fresh.candidate }, expect: readOnRecord },
  'GET /api/candidates/:id|:candidateId/emails/:emailId': {
    request: async () => {
      const candidateId = await fresh.candidate();
      const [row] = await t.db
        .insert(candidateEmails)
        .values({
          licenceId: org.licence.id,
          candidateId,
          senderEmail: 'admin@matrix.test',
          recipient: 'c@matrix.test',
          subject: 'Hi',
          content: '<p>Hi</p>',
        })
        .returning({ id: candidateEmails.id });
      return { url: `/api/candidates/${candidateId}/emails/${row?.id}` };
    },
    expect: readOnRecord,
  },
  'GET /api/candidates/:id|:candidateId/notes': { params: { id: fresh.candidate }, expect: readOnRecord },
  'POST /api/candidates/:id|:candidateId/notes': {
    params: { id: fresh.candidate },
    payload: () => ({ content: '<p>Met them today</p>' }),
    expect: { user: 201, reader: 201, admin: 201, stranger: 404 },
  },
  'PATCH /api/notes/:id': {
    params: { id: freshNote },
    payload: () => ({ content: '<p>Changed</p>' }),
    expect: adminOnRecord(200),
  },
  'DELETE /api/notes/:id': { params: { id: freshNote }, expect: adminOnRecord(204) },
  'GET /api/notifications': { expect: all(200) },
  // Alice's notification: only she may mark it; to anyone else it is as absent as a missing one.
  'POST /api/notifications/:id/read': {
    params: { id: () => freshNotificationOf(org.alice.id) },
    expect: { user: 200, reader: 404, admin: 404, stranger: 404 },
  },
  'POST /api/notifications/read_all': { expect: all(200) },
  'GET /api/rejection_reasons': { expect: all(200) },
  'PUT /api/rejection_reasons': {
    payload: () => ({ reasons: [{ name: 'Skills' }] }),
    expect: { user: 403, reader: 403, admin: 200, stranger: 403 },
  },
};
