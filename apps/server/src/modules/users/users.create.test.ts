// POST /api/users: an admin adds a user to the licence.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { type Organisation, type TestApp, userApi, withTwoOrganisations } from '../../test/fixtures/users.ts';

let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));
const { create, row, canLogin } = userApi(() => t);

describe('POST /api/users', () => {
  it('lets an admin create a user of their licence, who can then sign in', async () => {
    const res = await create(org.admin.headers, {
      email: '  Grace@Example.test ',
      password: 'a new password',
      first_name: ' Grace ',
      last_name: 'Hopper',
      role: 'user',
      level: 'other',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      email: 'Grace@Example.test',
      first_name: 'Grace',
      last_name: 'Hopper',
      role: 'user',
      level: 'other',
      sf_id: null,
      picture: null,
      license_id: org.licence.id,
      settings: { export: { type: null }, email_signature: { value: '' } },
      created_at: expect.any(String),
    });
    expect(res.json()).not.toHaveProperty('password_hash');
    expect(await canLogin('grace@example.test', 'a new password')).toBe(true);
  });

  it('defaults to a user of the manager level; without a password nobody can sign in as them', async () => {
    const res = await create(org.admin.headers, { email: 'nopass@example.test' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'user', level: 'manager', first_name: '', last_name: '' });
    expect((await row(res.json().id))?.passwordHash).toBeNull();
    expect(await canLogin('nopass@example.test', '')).toBe(false);
  });

  it('answers 409 for an email another user of the licence has, in any case, creating nothing', async () => {
    for (const email of [org.alice.email.toUpperCase(), ' grace@EXAMPLE.test']) {
      const res = await create(org.admin.headers, { email, password: 'a new password' });
      expect(res.statusCode, email).toBe(409);
      expect(res.json()).toEqual({ error: 'conflict', message: 'A user with this email already exists' });
    }
  });

  it('creates one user when the same email is created twice at once in one licence', async () => {
    const payload = { email: 'twice@example.test', password: 'a new password' };
    const answers = await Promise.all([
      create(org.admin.headers, payload),
      create(org.admin.headers, payload),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(users).where(eq(users.email, 'twice@example.test'))).toHaveLength(1);
  });

  it('lets two licences each have a user with one address (docs/decisions/136-accounts-per-licence.md)', async () => {
    const payload = { email: 'shared@example.test', password: 'a new password' };
    const answers = await Promise.all([
      create(org.admin.headers, payload),
      create(other.admin.headers, payload),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201]);
    expect(await t.db.select().from(users).where(eq(users.email, 'shared@example.test'))).toHaveLength(2);
  });

  it('refuses a user (403) and bad bodies (400), writing nothing', async () => {
    const refused = await create(org.alice.headers, {
      email: 'sneaky@example.test',
      password: 'a new password',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'forbidden', message: 'Only an admin can do this' });
    for (const body of [
      {},
      { email: 'not an email' },
      { email: 'short@example.test', password: 'short' },
      { email: 'long@example.test', password: 'x'.repeat(129) },
      { email: 'role@example.test', role: 'owner' },
      { email: 'level@example.test', level: 'boss' },
      { email: 'name@example.test', first_name: 'x'.repeat(101) },
      { email: 'nul@example.test', last_name: 'a\u0000b' },
      { email: ['a@b.c'] },
    ]) {
      const res = await create(org.admin.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('validation_error');
    }
    const emails = (await t.db.select({ email: users.email }).from(users)).map((u) => u.email);
    for (const email of [
      'sneaky@example.test',
      'short@example.test',
      'long@example.test',
      'role@example.test',
    ]) {
      expect(emails).not.toContain(email);
    }
  });

  it('refuses a common password in any case (400 too_common), creating nothing', async () => {
    for (const password of ['password1', 'Password1', 'ILOVEYOU', 'qwertyuiop']) {
      const res = await create(org.admin.headers, { email: 'common@example.test', password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toEqual({
        error: 'validation_error',
        message: 'Invalid request: body.password is too common',
        details: [{ path: 'body.password', problem: 'too_common', message: 'is too common' }],
      });
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'common@example.test'))).toHaveLength(0);
  });

  it('accepts passwords of exactly 8 and 128 characters', async () => {
    expect(
      (await create(org.admin.headers, { email: 'p8@example.test', password: 'k7#vQ2pz' })).statusCode,
    ).toBe(201);
    expect(
      (await create(org.admin.headers, { email: 'p128@example.test', password: 'y'.repeat(128) })).statusCode,
    ).toBe(201);
    expect(await canLogin('p128@example.test', 'y'.repeat(128))).toBe(true);
  });

  it('refuses a licence id in the body (400 naming it) and creates nobody: a user is of the caller’s licence', async () => {
    const res = await create(org.admin.headers, {
      email: 'moved@example.test',
      license_id: other.licence.id,
      licence_id: other.licence.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('unknown field: license_id; unknown field: licence_id');
    const [created] = await t.db.select().from(users).where(eq(users.email, 'moved@example.test'));
    expect(created).toBeUndefined();
  });
});
