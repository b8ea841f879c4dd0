import { describe, expect, it } from 'vitest';
import { jobOfferRequests, type Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';

// Creating a job offer: what POST /api/job_offers stores and answers, and the input it refuses.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const { create, createCompany, countOffers } = jobOfferRequests(() => t);

describe('POST /api/job_offers', () => {
  it('creates an offer managed by the caller, with company, assigned users and a zeroed summary (201)', async () => {
    const acme = await createCompany(org.alice.headers, 'Acme');
    const res = await create(
      org.alice.headers,
      { name: '  Backend engineer  ', company_id: acme.id, assigned_users: [org.bob.id, org.bob.id] },
      '?embed[]=company&embed[]=user',
    );
    expect(res.statusCode).toBe(201);
    const offer = res.json();
    expect(offer).toMatchObject({
      name: 'Backend engineer',
      company_id: acme.id,
      company: { id: acme.id, name: 'Acme' },
      user_id: org.alice.id,
      user: { id: org.alice.id, first_name: 'Uma', last_name: 'User', email: org.alice.email },
      archived: false,
      assigned_users: [org.bob.id],
      tags: [],
      candidates_count: 0,
      email_template_id: null,
    });
    expect(new Date(offer.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(offer.summary.statuses).toEqual(
      org.statuses.map((s) => ({
        id: s.id,
        index: s.index,
        name: s.name,
        color: s.color,
        candidates_count: 0,
      })),
    );
  });

  it('creates an offer without a company, archived when asked; refuses unknown keys, writing nothing', async () => {
    const res = await create(org.admin.headers, { name: 'Designer', archived: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Designer',
      company: null,
      company_id: null,
      archived: true,
      user_id: org.admin.id,
    });
    expect(res.json()).not.toHaveProperty('user');
    // Unknown keys are refused, not dropped (issue 18 section 8).
    const refused = await create(org.admin.headers, {
      id: 999,
      name: 'Ghost',
      company: { id: 1 },
      tags: [1],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('unknown field: job_offer.');
    const list = await t.app.inject({
      url: '/api/job_offers?filters[search]=Ghost',
      headers: org.admin.headers,
    });
    expect(list.json().total_count).toBe(0);
  });

  it('rejects an empty, blank, missing, oversized or wrongly typed name with 400 and writes nothing', async () => {
    const before = await countOffers(org.licence.id);
    for (const job_offer of [
      { name: '' },
      { name: '   ' },
      {},
      { name: 'x'.repeat(201) },
      { name: 42 },
      { name: ['a'] },
      { name: null },
      { name: 'nul\u0000byte' },
    ]) {
      const res = await create(org.alice.headers, job_offer);
      expect(res.statusCode, JSON.stringify(job_offer)).toBe(400);
      expect(res.json().error).toBe('validation_error');
      expect(res.json().details[0].path).toBe('body.job_offer.name');
    }
    const blank = await create(org.alice.headers, { name: '  ' });
    expect(blank.json().message).toBe('Invalid request: body.job_offer.name must not be empty');
    const notWrapped = await t.app.inject({
      method: 'POST',
      url: '/api/job_offers',
      headers: org.alice.headers,
      payload: { name: 'x' },
    });
    expect(notWrapped.statusCode).toBe(400);
    expect(await countOffers(org.licence.id)).toBe(before);
  });

  it('rejects wrong types of the other fields with 400 and writes nothing', async () => {
    const before = await countOffers(org.licence.id);
    const bodies = [
      { name: 'x', company_id: 'abc' },
      { name: 'x', company_id: true },
      { name: 'x', company_id: '5' },
      { name: 'x', assigned_users: [true] },
      { name: 'x', company_id: -1 },
      { name: 'x', company_id: 1.5 },
      { name: 'x', assigned_users: 'everyone' },
      { name: 'x', assigned_users: [0] },
      { name: 'x', archived: 'yes' },
      { name: 'x', email_template_id: {} },
      { name: 'x', company_id: 99_999_999_999 },
      { name: 'x', assigned_users: Array.from({ length: 201 }, (_, i) => i + 1) },
    ];
    for (const job_offer of bodies) {
      const res = await create(org.alice.headers, job_offer);
      expect(res.statusCode, JSON.stringify(job_offer)).toBe(400);
    }
    expect(await countOffers(org.licence.id)).toBe(before);
  });

  it('answers 422 for a company, user or email template that is unknown or of another licence, and writes nothing', async () => {
    const before = await countOffers(org.licence.id);
    const foreignCompany = await createCompany(other.alice.headers, 'Foreign Co');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x', company_id: 2_000_000 }, 'Company not found'],
      [{ name: 'x', company_id: foreignCompany.id }, 'Company not found'],
      [{ name: 'x', assigned_users: [org.bob.id, other.bob.id] }, `User ${other.bob.id} not found`],
      [{ name: 'x', assigned_users: [2_000_000] }, 'User 2000000 not found'],
      [{ name: 'x', email_template_id: 2_000_000 }, 'Email template not found'],
    ];
    for (const [job_offer, message] of cases) {
      const res = await create(org.alice.headers, job_offer);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error: 'invalid_reference', message });
    }
    expect(await countOffers(org.licence.id)).toBe(before);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/job_offers',
      payload: { job_offer: { name: 'x' } },
    });
    expect(res.statusCode).toBe(401);
  });
});
