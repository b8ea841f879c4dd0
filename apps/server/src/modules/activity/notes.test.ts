import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { withMailingApp } from '../../test/fixtures/email-sending.ts';
import { apply, insertOffer, insertPeople } from '../../test/fixtures/job-applications.ts';
import { type Organisation, organisation } from '../../test/fixtures/organisation.ts';
import type { Headers, TestApp } from '../../test/harness.ts';
import { parseMail } from '../../test/mime.ts';
import type { SmtpSink } from '../../test/smtp-sink.ts';
import { until } from '../../test/until.ts';

// Notes, mentions and notifications (issue 21): /api/candidates/{id}/notes, /api/notes/{id}, /api/notifications.
let t: TestApp, org: Organisation, other: Organisation, sink: SmtpSink;
withMailingApp({ pollMs: 20 }, (made) => ({ t, org, sink } = made));
let reader: Headers;
let readerId: number;

beforeAll(async () => {
  other = await organisation(t);
  const readOnly = await t.user(org.licence.id, 'reader@notes.test');
  readerId = readOnly.id;
  await t.db.update(users).set({ level: 'other' }).where(eq(users.id, readOnly.id));
  reader = t.auth((await t.login('reader@notes.test')).jwt);
});

const candidate = async (o = org) => {
  const [id] = await insertPeople(t, o.licence.id, [{ firstName: 'Ada', lastName: 'Lovelace' }]);
  if (!id) throw new Error('no candidate');
  return id;
};
const mention = (id: number, label: string) =>
  `<span data-type="mention" data-id="${id}" data-label="${label}">@${label}</span>`;
const notesUrl = (candidateId: number) => `/api/candidates/${candidateId}/notes`;
const addNote = (candidateId: number, payload: object, headers: Headers = org.alice.headers) =>
  t.app.inject({ method: 'POST', url: notesUrl(candidateId), headers, payload });
const listNotes = (candidateId: number, headers: Headers = org.alice.headers, query = '') =>
  t.app.inject({ url: `${notesUrl(candidateId)}${query}`, headers });
const notificationsOf = (headers: Headers, query = '') =>
  t.app.inject({ url: `/api/notifications${query}`, headers });

describe('notes', () => {
  it('adds a sanitised note, newest first, visible to every user of the licence', async () => {
    const id = await candidate();
    const first = await addNote(id, {
      content: '<p>First <strong>call</strong><script>alert(1)</script></p>',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      candidate_id: id,
      job_application_id: null,
      author: { id: org.alice.id },
      content: '<p>First <strong>call</strong></p>',
      mentions: [],
    });
    await addNote(id, { content: '<p>Second</p>' }, org.bob.headers);
    const list = await listNotes(id, reader);
    expect(list.statusCode).toBe(200);
    expect(list.json().total_count).toBe(2);
    expect(list.json().data.map((n: { content: string }) => n.content)).toEqual([
      '<p>Second</p>',
      '<p>First <strong>call</strong></p>',
    ]);
  });

  it('ties a note to one of the candidate’s applications, and lists that application’s notes', async () => {
    const id = await candidate();
    const offer = await insertOffer(t, org.licence.id, org.alice.id, 'Notes offer');
    const [applicationId] = await apply(t, org.licence.id, offer, [
      { candidateId: id, statusId: org.statuses[0]?.id ?? null },
    ]);
    const tied = await addNote(id, { content: '<p>About this job</p>', job_application_id: applicationId });
    expect(tied.statusCode, tied.body).toBe(201);
    await addNote(id, { content: '<p>General</p>' });
    const only = await listNotes(id, org.alice.headers, `?job_application_id=${applicationId}`);
    expect(only.json().data.map((n: { content: string }) => n.content)).toEqual(['<p>About this job</p>']);
    const elsewhere = await candidate();
    const refused = await addNote(elsewhere, { content: '<p>x</p>', job_application_id: applicationId });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe('invalid_reference');
  });

  it('refuses an empty note (400), and answers 404 for another licence’s candidate', async () => {
    const id = await candidate();
    expect((await addNote(id, { content: '<p><script>x</script></p>' })).statusCode).toBe(400);
    expect((await addNote(id, { content: '' })).statusCode).toBe(400);
    const stranger = await addNote(id, { content: '<p>Hi</p>' }, other.alice.headers);
    expect(stranger.statusCode).toBe(404);
    expect((await listNotes(id, other.alice.headers)).statusCode).toBe(404);
    expect((await listNotes(id)).json().total_count).toBe(0);
  });

  it('lets the author and an admin edit and delete; another user gets 403, another licence 404', async () => {
    const id = await candidate();
    const note = (await addNote(id, { content: '<p>Draft</p>' }, reader)).json();
    const patch = (headers: Headers, content: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/notes/${note.id}`, headers, payload: { content } });
    const remove = (headers: Headers) =>
      t.app.inject({ method: 'DELETE', url: `/api/notes/${note.id}`, headers });
    expect((await patch(org.bob.headers, '<p>Bob</p>')).statusCode).toBe(403);
    expect((await patch(other.admin.headers, '<p>Other</p>')).statusCode).toBe(404);
    const mine = await patch(reader, '<p>Final</p>');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().content).toBe('<p>Final</p>');
    expect((await patch(org.admin.headers, '<p>Admin</p>')).json().content).toBe('<p>Admin</p>');
    expect((await remove(org.bob.headers)).statusCode).toBe(403);
    expect((await remove(other.admin.headers)).statusCode).toBe(404);
    expect((await remove(reader)).statusCode).toBe(204);
    expect((await remove(reader)).statusCode).toBe(404);
  });
});

describe('mentions and notifications', () => {
  it('notifies and mails each mentioned user of the licence once, not the author', async () => {
    const id = await candidate();
    const before = sink.received.length;
    const res = await addNote(id, {
      content: `<p>${mention(org.bob.id, 'Bob')} and ${mention(readerId, 'Reader')}, see ${mention(org.alice.id, 'me')} ${mention(org.bob.id, 'Bob')}</p>`,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().mentions).toEqual([org.bob.id, readerId, org.alice.id]);
    expect(res.json().content).toContain('<span data-type="mention" data-id');
    const bob = (await notificationsOf(org.bob.headers)).json();
    expect(bob.unread_count).toBeGreaterThanOrEqual(1);
    expect(bob.data[0]).toMatchObject({
      kind: 'mention',
      read_at: null,
      actor: { id: org.alice.id },
      candidate: { id, name: 'Ada Lovelace' },
      note_id: res.json().id,
    });
    expect((await notificationsOf(org.alice.headers)).json().data).toEqual([]);
    const mails = await until(
      () => sink.received.slice(before),
      (m) => m.length >= 2,
    );
    expect(mails.flatMap((m) => m.to).sort()).toEqual([org.bob.email, 'reader@notes.test'].sort());
    const link = `/candidates?candidate=${id}`;
    for (const mail of mails) {
      const parsed = parseMail(mail.raw);
      expect(parsed.text).toContain(link);
      expect(parsed.headers.subject).toContain('Ada Lovelace');
    }
  });

  it('refuses a mention of a user of another licence (422) and writes nothing', async () => {
    const id = await candidate();
    const res = await addNote(id, { content: `<p>${mention(other.bob.id, 'Stranger')}</p>` });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('invalid_reference');
    expect((await listNotes(id)).json().total_count).toBe(0);
  });

  it('notifies only the users an edit mentions for the first time', async () => {
    const id = await candidate();
    const note = (await addNote(id, { content: `<p>${mention(org.bob.id, 'Bob')}</p>` })).json();
    const count = async () => (await notificationsOf(org.bob.headers)).json().total_count as number;
    const bobBefore = await count();
    const readerBefore = (await notificationsOf(reader)).json().total_count as number;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/notes/${note.id}`,
      headers: org.alice.headers,
      payload: { content: `<p>${mention(org.bob.id, 'Bob')} ${mention(readerId, 'Reader')}</p>` },
    });
    expect(await count()).toBe(bobBefore);
    expect((await notificationsOf(reader)).json().total_count).toBe(readerBefore + 1);
  });

  it('marks one read (404 for anyone else’s) and all read', async () => {
    const id = await candidate();
    await addNote(id, { content: `<p>${mention(org.bob.id, 'Bob')}</p>` });
    await addNote(id, { content: `<p>${mention(org.bob.id, 'Bob')} again</p>` });
    const list = (await notificationsOf(org.bob.headers, '?unread=true')).json();
    expect(list.unread_count).toBeGreaterThanOrEqual(2);
    const [newest] = list.data;
    const read = (headers: Headers) =>
      t.app.inject({ method: 'POST', url: `/api/notifications/${newest.id}/read`, headers });
    expect((await read(org.alice.headers)).statusCode).toBe(404);
    expect((await read(other.bob.headers)).statusCode).toBe(404);
    const mine = await read(org.bob.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().unread_count).toBe(list.unread_count - 1);
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read_all',
      headers: org.bob.headers,
    });
    expect(all.json()).toEqual({ updated: list.unread_count - 1, unread_count: 0 });
    expect((await notificationsOf(org.bob.headers, '?unread=true')).json().data).toEqual([]);
  });
});

describe('rejection reasons', () => {
  it('are listed for every user, saved by admins only (403), per licence', async () => {
    const save = (headers: Headers, reasons: object[]) =>
      t.app.inject({ method: 'PUT', url: '/api/rejection_reasons', headers, payload: { reasons } });
    expect((await save(org.alice.headers, [{ name: 'Skills' }])).statusCode).toBe(403);
    expect((await save(reader, [{ name: 'Skills' }])).statusCode).toBe(403);
    const saved = (await save(org.admin.headers, [{ name: 'Skills' }, { name: 'Salary' }])).json().data;
    expect(saved.map((r: { name: string }) => r.name)).toEqual(['Skills', 'Salary']);
    const [skills, salary] = saved;
    const renamed = (
      await save(org.admin.headers, [{ id: salary.id, name: 'Pay' }, { name: 'Distance' }])
    ).json().data;
    expect(renamed).toEqual([
      { id: salary.id, name: 'Pay' },
      { id: expect.any(Number), name: 'Distance' },
    ]);
    expect(renamed.some((r: { id: number }) => r.id === skills.id)).toBe(false);
    const listed = await t.app.inject({ url: '/api/rejection_reasons', headers: reader });
    expect(listed.json().data).toEqual(renamed);
    const theirs = await t.app.inject({ url: '/api/rejection_reasons', headers: other.alice.headers });
    expect(theirs.json().data).toEqual([]);
  });
});
