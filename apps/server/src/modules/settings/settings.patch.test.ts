import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settings } from '../../db/schema/index.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import { resourceRequests, type TestApp } from '../../test/harness.ts';

let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const { update: patch } = resourceRequests(() => t, '/api/settings');
const stored = async (licenceId: number) =>
  Object.fromEntries(
    (await t.db.select().from(settings).where(eq(settings.licenceId, licenceId))).map((s) => [s.name, s]),
  );
const idOf = async (licenceId: number, name: string) => (await stored(licenceId))[name]?.id ?? 0;

const ALLOWED = {
  export: ['csv_semicolumn', 'csv_comma', 'admen'],
  transparency: ['transparent', 'opaque'],
  tags_rule: ['createable', 'not-createable'],
  company_creation: ['everyone', 'admins_only'],
  avatar_service: ['gravatar', 'off'],
  // zod lists an enum's integer-like values first (they are an object's keys): 'off' comes last.
  retention_months: ['6', '12', '18', '24', '36', '48', '60', 'off'],
  retention_action: ['erase', 'anonymise'],
} as const;

describe('PATCH /api/settings/{id}', () => {
  it('lets an admin set each rule to each of its values, and GET /settings shows it', async () => {
    for (const [name, values] of Object.entries(ALLOWED)) {
      const id = await idOf(org.licence.id, name);
      for (const value of [...values].reverse()) {
        const res = await patch(org.admin.headers, id, { value: { type: value } });
        expect(res.statusCode, `${name}=${value}`).toBe(200);
        expect(res.json()).toEqual({ id, name, value, type: 'string' });
      }
    }
    const list = await t.app.inject({ url: '/api/settings', headers: org.alice.headers });
    const values = Object.fromEntries(
      list.json().data.map((s: { name: string; value: string }) => [s.name, s.value]),
    );
    expect(values).toMatchObject({
      export: 'csv_semicolumn',
      transparency: 'transparent',
      tags_rule: 'createable',
      company_creation: 'everyone',
      avatar_service: 'gravatar',
      retention_months: '6',
      retention_action: 'erase',
    });
  });

  it('refuses every value a setting does not allow with 400 naming the allowed ones, changing nothing', async () => {
    const before = await stored(org.licence.id);
    for (const [name, values] of Object.entries(ALLOWED)) {
      const id = await idOf(org.licence.id, name);
      for (const type of [
        '',
        'OPAQUE',
        ' opaque',
        'everyone ',
        'xlsx',
        null,
        1,
        'admins-only',
        'not_createable',
      ]) {
        if ((values as readonly unknown[]).includes(type)) continue;
        const res = await patch(org.admin.headers, id, { value: { type } });
        expect(res.statusCode, `${name}=${JSON.stringify(type)}`).toBe(400);
        expect(res.json()).toEqual({
          error: 'validation_error',
          message: `Invalid request: body.value.type must be one of ${values.join(', ')}`,
        });
      }
    }
    const id = await idOf(org.licence.id, 'export');
    for (const body of [
      {},
      { value: 'admen' },
      { value: {} },
      { value: { type: ['admen'] } },
      { type: 'admen' },
    ]) {
      expect((await patch(org.admin.headers, id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await stored(org.licence.id)).toEqual(before);
  });

  it("sets the contacted status to a status of the licence (number or digits) or none, never another licence's", async () => {
    const id = await idOf(org.licence.id, 'contacted_status');
    const hired = org.statuses.find((s) => s.name === 'Hired')?.id ?? 0;
    const res = await patch(org.admin.headers, id, { value: { type: hired } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, name: 'contacted_status', value: String(hired), type: 'status_id' });
    expect((await patch(org.admin.headers, id, { value: { type: String(hired) } })).json().value).toBe(
      String(hired),
    );
    expect((await patch(org.admin.headers, id, { value: { type: null } })).json().value).toBeNull();

    const foreign = await patch(org.admin.headers, id, { value: { type: other.statuses[0]?.id } });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toEqual({ error: 'invalid_reference', message: 'Status not found' });
    for (const type of ['abc', '', -1, 0, 1.5, '12abc', 99_999_999_999, 'opaque']) {
      expect((await patch(org.admin.headers, id, { value: { type } })).statusCode, JSON.stringify(type)).toBe(
        400,
      );
    }
    expect((await patch(org.admin.headers, id, { value: { type: 2_000_000 } })).statusCode).toBe(422);
    expect((await stored(org.licence.id)).contacted_status?.value).toBeNull();
  });

  it("answers 403 to a user and 404 for another licence's setting, changing nothing", async () => {
    const id = await idOf(org.licence.id, 'transparency');
    const refused = await patch(org.alice.headers, id, { value: { type: 'opaque' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'forbidden', message: 'Only an admin can do this' });
    const foreign = await patch(other.admin.headers, id, { value: { type: 'opaque' } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'not_found', message: 'Setting not found' });
    expect((await stored(org.licence.id)).transparency?.value).toBe('transparent');
  });

  it('takes effect on the next request: opaque hides offers from users not on them', async () => {
    const id = await idOf(org.licence.id, 'transparency');
    const offer = await t.app.inject({
      method: 'POST',
      url: '/api/job_offers',
      headers: org.alice.headers,
      payload: { job_offer: { name: 'Private search' } },
    });
    const get = () => t.app.inject({ url: `/api/job_offers/${offer.json().id}`, headers: org.bob.headers });
    expect((await get()).statusCode).toBe(200);
    await patch(org.admin.headers, id, { value: { type: 'opaque' } });
    expect((await get()).statusCode).toBe(404);
    await patch(org.admin.headers, id, { value: { type: 'transparent' } });
    expect((await get()).statusCode).toBe(200);
  });
});

describe('a rule stored oddly', () => {
  it('is still set by PATCH', async () => {
    await t.db
      .update(settings)
      .set({ value: 'ADMINS_ONLY' })
      .where(and(eq(settings.licenceId, other.licence.id), eq(settings.name, 'company_creation')));
    const id = await idOf(other.licence.id, 'company_creation');
    expect((await patch(other.admin.headers, id, { value: { type: 'admins_only' } })).json().value).toBe(
      'admins_only',
    );
  });
});
