import { ErrorBody } from '@vivier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * A 400 names each rejected field with a problem from the contract's closed set, so the web words it in the
 * user's language instead of showing the server's English (issue 7 section 8).
 */
let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  await t.licence();
  headers = t.auth((await t.login('admin@org1.test')).jwt);
});
afterAll(() => t.close());

const createOffer = (jobOffer: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/job_offers', headers, payload: { job_offer: jobOffer } });

describe('validation details', () => {
  it('say a field is empty, missing, too long or too short, with the limit', async () => {
    const empty = await createOffer({ name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(ErrorBody.parse(empty.json())).toMatchObject({
      error: 'validation_error',
      details: [{ path: 'body.job_offer.name', problem: 'empty' }],
    });
    expect((await createOffer({})).json().details).toEqual([
      expect.objectContaining({ path: 'body.job_offer.name', problem: 'required' }),
    ]);
    expect((await createOffer({ name: 'x'.repeat(201) })).json().details).toEqual([
      expect.objectContaining({ path: 'body.job_offer.name', problem: 'too_long', limit: 200 }),
    ]);
    const reset = await t.app.inject({
      method: 'PATCH',
      url: '/api/password/some-token',
      payload: { password: 'short' },
    });
    expect(reset.json().details).toEqual([
      expect.objectContaining({ path: 'body.password', problem: 'too_short', limit: 8 }),
    ]);
  });

  it('say anything else is invalid', async () => {
    const wrongType = await createOffer({ name: 'Fine', company_id: 'seven' });
    expect(wrongType.json().details).toEqual([
      expect.objectContaining({ path: 'body.job_offer.company_id', problem: 'invalid' }),
    ]);
    const badId = await t.app.inject({ url: '/api/job_offers/abc', headers });
    expect(ErrorBody.parse(badId.json()).details).toEqual([
      expect.objectContaining({ path: 'params.id', problem: 'invalid' }),
    ]);
  });

  it('come with codes of the contract on every error body', async () => {
    for (const res of [
      await t.app.inject({ url: '/api/job_offers/999999', headers }),
      await t.app.inject({ url: '/api/nowhere' }),
      await t.app.inject({ url: '/api/users/me' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'a@b.c', password: 'x' },
      }),
    ]) {
      expect(ErrorBody.safeParse(res.json()).success).toBe(true);
    }
  });
});
