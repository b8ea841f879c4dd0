import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { appWith, localProvider, signInWith } from '../../test/fixtures/oauth.ts';
import { PASSWORD, type TestApp } from '../../test/harness.ts';
import type { LocalOpenIdProvider } from '../../test/local-openid-provider.ts';

/**
 * One address, several organisations (issue 18 section 4, docs/decisions/136-accounts-per-licence.md): an
 * admin anywhere can add any address, so an address is unique within a licence only; an account an admin
 * added is unconfirmed until the person opens the mailed link, and provider sign-in enters confirmed
 * accounts only; a password that opens accounts in two organisations asks which.
 */
let google: LocalOpenIdProvider;
let t: TestApp;
let home: { id: number; adminJwt: string };
let squatter: { id: number; adminJwt: string };
beforeAll(async () => {
  google = await localProvider('google', 'google');
  t = await appWith({ google });
  const a = await t.licence({ name: 'Home Org' });
  const b = await t.licence({ name: 'Squat Org' });
  home = { id: a.licence.id, adminJwt: (await t.login(a.admin.email)).jwt };
  squatter = { id: b.licence.id, adminJwt: (await t.login(b.admin.email)).jwt };
});
afterAll(async () => {
  await t.close();
  await google.stop();
});

const create = (jwt: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/users', headers: t.auth(jwt), payload });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
const choose = (ticket: string, licenceId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/login/organisation',
    payload: { ticket, license_id: licenceId },
  });
/** The latest confirmation link mailed to `email`. */
const confirmationToken = async (email: string) => {
  await t.settled();
  return t
    .outbox()
    .map((mail) => mail.replace(/=\r?\n/g, ''))
    .filter((mail) => mail.includes(`To: ${email}`))
    .map((mail) => mail.match(/\/confirm_email\/([\w-]+)/)?.[1])
    .filter(Boolean)
    .at(-1);
};

describe('an address another organisation added first (squatting)', () => {
  it('does not stop the person’s own organisation from adding them, and its answer tells nothing', async () => {
    const squat = await create(squatter.adminJwt, {
      email: 'grace@hopper.test',
      password: 'squatter password',
    });
    expect(squat.statusCode).toBe(201);
    // The home organisation adds the same person: same answer as for an address nobody has.
    const real = await create(home.adminJwt, { email: 'Grace@Hopper.test', first_name: 'Grace' });
    const fresh = await create(home.adminJwt, { email: 'nobody-else@hopper.test', first_name: 'Grace' });
    expect(real.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    const shape = (body: Record<string, unknown>) => ({ ...body, id: 0, email: '', created_at: '' });
    expect(shape(real.json())).toEqual(shape(fresh.json()));
    expect(real.json()).toMatchObject({ license_id: home.id, email: 'Grace@Hopper.test' });
    // Within one organisation an address is still one user.
    const twice = await create(home.adminJwt, { email: 'grace@HOPPER.test' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: 'conflict', message: 'A user with this email already exists' });
  });

  it('mails the person a link proving the address; an admin-set password works at once', async () => {
    const res = await create(home.adminJwt, { email: 'linus@kernel.test', password: 'set by the admin' });
    expect(res.statusCode).toBe(201);
    expect((await login('linus@kernel.test', 'set by the admin')).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, res.json().id));
    expect(row?.confirmedAt).toBeNull();
    const token = await confirmationToken('linus@kernel.test');
    expect(token).toBeTruthy();
    const confirm = await t.app.inject({ method: 'POST', url: `/api/users/confirm/${token}` });
    expect(confirm.statusCode).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, res.json().id));
    expect(after?.confirmedAt).toBeInstanceOf(Date);
    const again = await t.app.inject({ method: 'POST', url: `/api/users/confirm/${token}` });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toBe('confirm_token_invalid');
  });
});

describe('Google sign-in', () => {
  it('lands in the organisation where the address is confirmed, never in the squatter’s', async () => {
    await create(squatter.adminJwt, { email: 'ada@lovelace.test', password: 'squatter password' });
    const mine = await create(home.adminJwt, { email: 'ada@lovelace.test' });
    // Before anyone confirms: refused, with the reason, and the links mailed again.
    const before = await signInWith(t, 'google', google, 'ada@lovelace.test');
    expect(before.statusCode).toBe(401);
    expect(before.json().error).toBe('email_unconfirmed');

    const token = await confirmationToken('ada@lovelace.test');
    // The newest link is the home organisation’s or the squatter’s: confirm the home one by its account.
    const mailed = t
      .outbox()
      .map((mail) => mail.replace(/=\r?\n/g, ''))
      .filter((mail) => mail.includes('To: ada@lovelace.test') && mail.includes('Home Org'))
      .map((mail) => mail.match(/\/confirm_email\/([\w-]+)/)?.[1])
      .at(-1);
    expect(token).toBeTruthy();
    expect((await t.app.inject({ method: 'POST', url: `/api/users/confirm/${mailed}` })).statusCode).toBe(
      200,
    );

    const after = await signInWith(t, 'google', google, 'ada@lovelace.test');
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ id: mine.json().id, license_id: home.id });
  });

  it('says why when the only account is unconfirmed, and mails the link', async () => {
    await create(squatter.adminJwt, { email: 'alone@unconfirmed.test' });
    await t.settled();
    const mailsBefore = t.outbox().filter((mail) => mail.includes('To: alone@unconfirmed.test')).length;
    const res = await signInWith(t, 'google', google, 'alone@unconfirmed.test');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: 'email_unconfirmed',
      message:
        'Failed to log in with Google: your address is not confirmed yet; we have mailed you the link to confirm it',
    });
    await t.settled();
    expect(t.outbox().filter((mail) => mail.includes('To: alone@unconfirmed.test')).length).toBe(
      mailsBefore + 1,
    );
  });
});

describe('password sign-in with an address in two organisations', () => {
  it('enters the account whose password matches', async () => {
    await create(home.adminJwt, { email: 'two@orgs.test', password: 'home password' });
    await create(squatter.adminJwt, { email: 'two@orgs.test', password: 'other password' });
    const atHome = await login('two@orgs.test', 'home password');
    expect(atHome.statusCode).toBe(200);
    expect(atHome.json().license_id).toBe(home.id);
    const there = await login('two@orgs.test', 'other password');
    expect(there.statusCode).toBe(200);
    expect(there.json().license_id).toBe(squatter.id);
    expect((await login('two@orgs.test', 'neither')).statusCode).toBe(401);
  });

  it('asks which organisation when the password opens both, then enters the chosen one only', async () => {
    await create(home.adminJwt, { email: 'same@orgs.test', password: PASSWORD });
    await create(squatter.adminJwt, { email: 'same@orgs.test', password: PASSWORD });
    const res = await login('same@orgs.test', PASSWORD);
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body).toEqual({
      error: 'choose_organisation',
      message: 'Choose the organisation to sign in to',
      ticket: expect.any(String),
      organisations: [
        { license_id: home.id, name: 'Home Org' },
        { license_id: squatter.id, name: 'Squat Org' },
      ],
    });
    // The ticket names accounts, not a licence: no session came with it.
    expect(body).not.toHaveProperty('jwt');

    const chosen = await choose(body.ticket, squatter.id);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ license_id: squatter.id, email: 'same@orgs.test' });
    expect(
      (await t.app.inject({ url: '/api/users/me', headers: t.auth(chosen.json().jwt) })).json().license_id,
    ).toBe(squatter.id);

    // A licence the ticket does not name, an altered ticket, an unknown key: refused.
    const other = await t.licence();
    const elsewhere = await choose(body.ticket, other.licence.id);
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().error).toBe('choice_expired');
    const altered = `${body.ticket.slice(0, -2)}${body.ticket.endsWith('A') ? 'BB' : 'AA'}`;
    expect((await choose(altered, home.id)).statusCode).toBe(401);
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/organisation',
      payload: { ticket: body.ticket, license_id: home.id, user_id: 1 },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('asks the same after a Google sign-in when both accounts are confirmed', async () => {
    const a = await create(home.adminJwt, { email: 'both@confirmed.test' });
    const b = await create(squatter.adminJwt, { email: 'both@confirmed.test' });
    await t.db.update(users).set({ confirmedAt: new Date() }).where(eq(users.id, a.json().id));
    await t.db.update(users).set({ confirmedAt: new Date() }).where(eq(users.id, b.json().id));
    const res = await signInWith(t, 'google', google, 'both@confirmed.test');
    expect(res.statusCode).toBe(409);
    expect(res.json().organisations.map((o: { name: string }) => o.name)).toEqual(['Home Org', 'Squat Org']);
    const chosen = await choose(res.json().ticket, home.id);
    expect(chosen.json()).toMatchObject({ id: a.json().id, license_id: home.id });
  });
});

describe('password recovery with an address in two organisations', () => {
  it('mails one link per account, each naming its organisation', async () => {
    await create(home.adminJwt, { email: 'forgetful@orgs.test' });
    await create(squatter.adminJwt, { email: 'forgetful@orgs.test' });
    await t.app.inject({ url: '/api/password/forgot/forgetful@orgs.test' });
    await t.settled();
    const resets = t
      .outbox()
      .map((mail) => mail.replace(/=\r?\n/g, ''))
      .filter((mail) => mail.includes('To: forgetful@orgs.test') && mail.includes('/reset_password/'));
    expect(resets).toHaveLength(2);
    expect(resets.some((mail) => mail.includes('Home Org'))).toBe(true);
    expect(resets.some((mail) => mail.includes('Squat Org'))).toBe(true);
  });
});
