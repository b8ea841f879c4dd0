import { STATUS_PALETTE } from '@vivier/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { candidateEvents, jobApplications, settings, statuses } from '../../db/schema/index.ts';
import { insertApplications, insertCandidates, organisation } from '../../test/fixtures/organisation.ts';
import { type TestApp, withTestApp } from '../../test/harness.ts';
import { pickColour } from './statuses.service.ts';

let t: TestApp;
withTestApp((app) => (t = app));

type Headers = Record<string, string>;
type Status = { id: number; name: string; index: number; color: string };
const create = (headers: Headers, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/statuses', headers, payload: payload as object });
const patch = (headers: Headers, id: number | string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/statuses/${id}`, headers, payload: payload as object });
const remove = (headers: Headers, id: number | string, query = '') =>
  t.app.inject({ method: 'DELETE', url: `/api/statuses/${id}${query}`, headers });
const pipeline = async (headers: Headers) =>
  (await t.app.inject({ url: '/api/statuses', headers })).json().data as Status[];
const names = async (headers: Headers) => (await pipeline(headers)).map((s) => `${s.index}:${s.name}`);

/** An offer of the organisation with one application in each of the given statuses. */
async function offerWithApplications(o: Awaited<ReturnType<typeof organisation>>, statusIds: number[]) {
  const offer = await t.app.inject({
    method: 'POST',
    url: '/api/job_offers',
    headers: o.admin.headers,
    payload: { job_offer: { name: 'Pipeline offer' } },
  });
  const people = await insertCandidates(t, o.licence.id, statusIds.length);
  await insertApplications(
    t,
    o.licence.id,
    offer.json().id,
    people.map((candidateId, i) => ({ candidateId, statusId: statusIds[i] ?? null })),
  );
  return offer.json().id as number;
}

const statusIdsOf = async (jobOfferId: number) =>
  (
    await t.db
      .select({ statusId: jobApplications.statusId })
      .from(jobApplications)
      .where(eq(jobApplications.jobOfferId, jobOfferId))
  ).map((a) => a.statusId);

describe('pickColour', () => {
  it('picks a palette colour the pipeline does not use, whatever the case it is stored in', () => {
    const used = STATUS_PALETTE.slice(0, -1).map((c) => c.toUpperCase());
    for (const random of [0, 0.5, 0.999]) expect(pickColour(used, () => random)).toBe(STATUS_PALETTE.at(-1));
    expect(STATUS_PALETTE).toContain(pickColour([...STATUS_PALETTE]));
    expect(new Set(STATUS_PALETTE).size).toBe(STATUS_PALETTE.length);
  });
});

describe('POST /api/statuses', () => {
  it('adds a status at the next index with an unused palette colour, up to 10; the 11th is refused', async () => {
    const o = await organisation(t);
    const before = await pipeline(o.admin.headers);
    expect(before).toHaveLength(6);
    for (let i = 7; i <= 10; i++) {
      const res = await create(o.admin.headers, { name: ` Step ${i} ` });
      expect(res.statusCode).toBe(201);
      const status = res.json() as Status;
      expect(status).toMatchObject({ name: `Step ${i}`, index: i - 1 });
      expect(STATUS_PALETTE).toContain(status.color);
    }
    const full = await pipeline(o.admin.headers);
    expect(new Set(full.map((s) => s.color.toLowerCase())).size).toBe(10);
    const eleventh = await create(o.admin.headers, { name: 'Step 11' });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toEqual({
      error: 'too_many_statuses',
      message: 'A pipeline holds at most 10 statuses',
    });
    expect(await pipeline(o.admin.headers)).toHaveLength(10);
  });

  it('never goes past 10 when admins add statuses at the same moment', async () => {
    const o = await organisation(t);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create(o.admin.headers, { name: `Parallel ${i}` })),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(4);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(2);
    const full = await pipeline(o.admin.headers);
    expect(full.map((s) => s.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('takes a colour when one is given; refuses empty names, bad colours and users', async () => {
    const o = await organisation(t);
    const res = await create(o.admin.headers, { name: 'Coloured', color: '#ABCDEF' });
    expect(res.json().color).toBe('abcdef');
    for (const body of [
      { name: '' },
      { name: '   ' },
      {},
      { name: 'x'.repeat(101) },
      { name: 'c', color: 'red' },
    ]) {
      expect((await create(o.admin.headers, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const refused = await create(o.alice.headers, { name: 'By a user' });
    expect(refused.statusCode).toBe(403);
    expect((await names(o.admin.headers)).join()).not.toContain('By a user');
  });
});

describe('PATCH /api/statuses/{id}', () => {
  it('renames and recolours a status', async () => {
    const o = await organisation(t);
    const [first] = o.statuses;
    const res = await patch(o.admin.headers, first?.id ?? 0, { name: 'Sourced', color: '12B886' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: first?.id,
      name: 'Sourced',
      index: 0,
      color: '12b886',
      rejected: false,
    });
  });

  it('marks a status rejected and back (issue 21: moving there asks for a reason)', async () => {
    const o = await organisation(t);
    const rejected = o.statuses.find((s) => s.name === 'Rejected');
    const res = await patch(o.admin.headers, rejected?.id ?? 0, { rejected: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Rejected', rejected: true });
    expect((await patch(o.alice.headers, rejected?.id ?? 0, { rejected: false })).statusCode).toBe(403);
    expect((await patch(o.admin.headers, rejected?.id ?? 0, { rejected: false })).json().rejected).toBe(
      false,
    );
  });

  it('moves a status to a position, shifting the others, indexes kept 0 to n-1', async () => {
    const o = await organisation(t);
    const byName = (name: string) => o.statuses.find((s) => s.name === name)?.id ?? 0;
    expect((await patch(o.admin.headers, byName('Hired'), { index: 0 })).json().index).toBe(0);
    expect(await names(o.admin.headers)).toEqual([
      '0:Hired',
      '1:To contact',
      '2:Contacted',
      '3:Interview',
      '4:Offer',
      '5:Rejected',
    ]);
    await patch(o.admin.headers, byName('To contact'), { index: 99 });
    expect(await names(o.admin.headers)).toEqual([
      '0:Hired',
      '1:Contacted',
      '2:Interview',
      '3:Offer',
      '4:Rejected',
      '5:To contact',
    ]);
    await patch(o.admin.headers, byName('Offer'), { index: 2 });
    expect((await names(o.admin.headers)).slice(1, 4)).toEqual(['1:Contacted', '2:Offer', '3:Interview']);
  });

  it("answers 403 to a user, 404 for another licence's status, 400 for bad values", async () => {
    const o = await organisation(t);
    const stranger = await organisation(t);
    const id = o.statuses[0]?.id ?? 0;
    expect((await patch(o.alice.headers, id, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await patch(stranger.admin.headers, id, { name: 'Mine now' })).statusCode).toBe(404);
    for (const body of [{ name: '' }, { color: 'abc' }, { index: -1 }, { index: 1.5 }, { index: '2' }]) {
      expect((await patch(o.admin.headers, id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await pipeline(o.admin.headers))[0]?.name).toBe('To contact');
  });
});

describe('DELETE /api/statuses/{id}', () => {
  it('deletes an empty status and closes up the indexes', async () => {
    const o = await organisation(t);
    const interview = o.statuses.find((s) => s.name === 'Interview');
    expect((await remove(o.admin.headers, interview?.id ?? 0)).statusCode).toBe(204);
    expect(await names(o.admin.headers)).toEqual([
      '0:To contact',
      '1:Contacted',
      '2:Offer',
      '3:Hired',
      '4:Rejected',
    ]);
  });

  it('refuses to delete a status holding applications without move_to, and moves them with it', async () => {
    const o = await organisation(t);
    const [toContact, contacted, interview] = o.statuses;
    const offerId = await offerWithApplications(o, [
      interview?.id ?? 0,
      interview?.id ?? 0,
      toContact?.id ?? 0,
    ]);
    const refused = await remove(o.admin.headers, interview?.id ?? 0);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'status_in_use',
      message: 'This status holds job applications: choose a status to move them to',
    });
    expect(await pipeline(o.admin.headers)).toHaveLength(6);

    for (const target of [interview?.id, 2_000_000, (await organisation(t)).statuses[0]?.id]) {
      const bad = await remove(o.admin.headers, interview?.id ?? 0, `?move_to=${target}`);
      expect(bad.statusCode).toBe(422);
    }
    expect((await remove(o.admin.headers, interview?.id ?? 0, '?move_to=abc')).statusCode).toBe(400);

    const res = await remove(o.admin.headers, interview?.id ?? 0, `?move_to=${contacted?.id}`);
    expect(res.statusCode).toBe(204);
    expect((await statusIdsOf(offerId)).sort()).toEqual(
      [contacted?.id, contacted?.id, toContact?.id].sort() as number[],
    );
    expect((await pipeline(o.admin.headers)).map((s) => s.name)).not.toContain('Interview');
    // Each moved application has its move on its candidate's timeline, saying why (decision 171).
    const moves = await t.db
      .select({ data: candidateEvents.data, actorId: candidateEvents.actorId })
      .from(candidateEvents)
      .where(and(eq(candidateEvents.jobOfferId, offerId), eq(candidateEvents.kind, 'status_changed')));
    expect(moves).toHaveLength(2);
    for (const move of moves) {
      expect(move.actorId).toBe(o.admin.id);
      expect(move.data).toMatchObject({
        from: { id: interview?.id, name: 'Interview' },
        to: { id: contacted?.id },
        via: 'status_deleted',
      });
    }
  });

  it('makes the contacted status none when it is deleted', async () => {
    const o = await organisation(t);
    const contacted = o.statuses.find((s) => s.name === 'Contacted');
    expect((await remove(o.admin.headers, contacted?.id ?? 0)).statusCode).toBe(204);
    const [setting] = await t.db
      .select({ value: settings.value })
      .from(settings)
      .where(and(eq(settings.licenceId, o.licence.id), eq(settings.name, 'contacted_status')));
    expect(setting?.value).toBeNull();
  });

  it('keeps the last status, and refuses users and other licences', async () => {
    const o = await organisation(t);
    const stranger = await organisation(t);
    const [keep, ...rest] = o.statuses;
    expect((await remove(o.alice.headers, keep?.id ?? 0)).statusCode).toBe(403);
    expect((await remove(stranger.admin.headers, keep?.id ?? 0)).statusCode).toBe(404);
    for (const status of rest) expect((await remove(o.admin.headers, status.id)).statusCode).toBe(204);
    const last = await remove(o.admin.headers, keep?.id ?? 0);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('The pipeline needs at least one status');
    expect(
      await t.db.select({ id: statuses.id }).from(statuses).where(eq(statuses.licenceId, o.licence.id)),
    ).toEqual([{ id: keep?.id }]);
  });
});
