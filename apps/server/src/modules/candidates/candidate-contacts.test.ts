import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { candidateContacts } from '../../db/schema/index.ts';
import { insertPeople, LONG_AGO } from '../../test/fixtures/job-applications.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';

// PATCH /api/candidates/{id}/add_contact, /delete_contact, /set_primary_contact (SPEC sections 5 and 7).
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const fresh = async (emails: string[] = []) => {
  const [id] = await insertPeople(t, org.licence.id, [{ firstName: 'Contact', updatedAt: LONG_AGO, emails }]);
  if (!id) throw new Error('no candidate');
  return id;
};
const call = (action: string, id: number, payload: object | string, headers = org.alice.headers) =>
  t.app.inject({ method: 'PATCH', url: `/api/candidates/${id}/${action}`, headers, payload });
const add = (id: number, type: string, value: unknown, headers = org.alice.headers) =>
  call('add_contact', id, { type, value }, headers);

// SPEC section 5: a basic e-mail pattern; a phone with an optional + and parentheses, a 1 to 4 digit prefix,
// then 4 to 16 digits, spaces, dashes, dots or slashes.
const VALID_EMAILS = ['ada@example.com', 'a.b+c@sub.example.co.uk', 'UPPER@EXAMPLE.ORG', 'x@y.z'];
const INVALID_EMAILS = [
  'ada',
  'ada@',
  '@example.com',
  'ada@example',
  'ada @example.com',
  'ada@exa mple.com',
  'a@b@c.d',
];
const VALID_PHONES = [
  '+33 6 12 34 56 78',
  '0612345678',
  '(555) 010-0100',
  '+1 555.010.0100',
  '+44 20/7946/0958',
  '+(33)612345678',
  '1 2345',
];
const INVALID_PHONES = [
  'phone',
  '1234',
  '+33 6 12 34 56 78 90 12 34',
  '++33 612345678',
  '+33 6 12 34 ab',
  '12345 (678)',
  '+33_612345678',
  '((33)) 612345678',
];

describe('add_contact validation', () => {
  it.each(VALID_EMAILS)('adds the e-mail %s', async (value) => {
    const res = await add(await fresh(), 'email', value);
    expect(res.statusCode).toBe(200);
    expect(res.json().contacts.emails).toEqual([value]);
  });

  it.each(INVALID_EMAILS)("refuses the e-mail '%s' with 'Invalid email format'", async (value) => {
    const id = await fresh();
    const res = await add(id, 'email', value);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Invalid email format');
  });

  it.each(VALID_PHONES)('adds the phone %s', async (value) => {
    const res = await add(await fresh(), 'phone', value);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phone: value, contacts: { phones: [value], added_phones: [value] } });
  });

  it.each(INVALID_PHONES)("refuses the phone '%s' with 'Invalid phone format'", async (value) => {
    const res = await add(await fresh(), 'phone', value);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Invalid phone format');
  });

  it('refuses an empty value, an unknown type and a non-string, adding nothing', async () => {
    const id = await fresh();
    for (const [type, value] of [
      ['email', ''],
      ['email', '   '],
      ['fax', '0612345678'],
      ['phone', 612345678],
      ['email', null],
    ] as const) {
      expect((await add(id, type, value)).statusCode).toBe(400);
    }
    expect(await t.db.select().from(candidateContacts).where(eq(candidateContacts.candidateId, id))).toEqual(
      [],
    );
  });
});

describe('add_contact', () => {
  it('makes the first contact of its kind primary, trims the value, and bumps updated_at', async () => {
    const id = await fresh();
    const first = await add(id, 'email', '  first@example.com ');
    expect(first.json()).toMatchObject({
      email: 'first@example.com',
      contacts: { added_emails: ['first@example.com'] },
    });
    expect(Date.parse(first.json().updated_at)).toBeGreaterThan(LONG_AGO.getTime());
    const second = await add(id, 'email', 'second@example.com');
    expect(second.json()).toMatchObject({
      email: 'first@example.com',
      contacts: { emails: ['first@example.com', 'second@example.com'] },
    });
  });

  it('refuses a contact the candidate has (e-mail in any case, phone with the same digits) with 409', async () => {
    const id = await fresh(['ada@example.com']);
    const dup = await add(id, 'email', 'ADA@Example.com');
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'conflict', message: 'The candidate already has this email' });
    await add(id, 'phone', '+33 6 12 34 56 78');
    const samePhone = await add(id, 'phone', '+33.6.12.34.56.78');
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json().message).toBe('The candidate already has this phone');
    // Without the '+' it is another number.
    expect((await add(id, 'phone', '33 6 12 34 56 78')).statusCode).toBe(200);
  });

  it('two tabs adding the same contact at once: one 200, one 409, one row', async () => {
    const id = await fresh();
    const codes = (
      await Promise.all([add(id, 'email', 'race@example.com'), add(id, 'email', 'Race@example.com')])
    )
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([200, 409]);
    const rows = await t.db.select().from(candidateContacts).where(eq(candidateContacts.candidateId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.isPrimary).toBe(true);
  });

  it('brings back a contact the candidate had deleted', async () => {
    const id = await fresh(['back@example.com', 'other@example.com']);
    await call('delete_contact', id, { type: 'email', value: 'back@example.com' });
    const res = await add(id, 'email', 'back@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'other@example.com',
      contacts: { emails: ['other@example.com', 'back@example.com'], deleted_emails: [] },
    });
  });

  it("answers 404 for another licence's candidate and adds nothing", async () => {
    const id = await fresh();
    const res = await add(id, 'email', 'spy@example.com', other.admin.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Candidate not found' });
    expect(await t.db.select().from(candidateContacts).where(eq(candidateContacts.candidateId, id))).toEqual(
      [],
    );
  });
});

describe('delete_contact and set_primary_contact', () => {
  it('deleting the primary makes the oldest remaining one primary; the deleted one is listed as deleted', async () => {
    const id = await fresh(['one@example.com', 'two@example.com', 'three@example.com']);
    const res = await call('delete_contact', id, { type: 'email', value: 'ONE@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'two@example.com',
      contacts: { emails: ['two@example.com', 'three@example.com'], deleted_emails: ['one@example.com'] },
    });
    const last = await call('delete_contact', id, { type: 'email', value: 'three@example.com' });
    expect(last.json().contacts.emails).toEqual(['two@example.com']);
    const none = await call('delete_contact', id, { type: 'email', value: 'two@example.com' });
    expect(none.json()).toMatchObject({ email: null, contacts: { emails: [] } });
  });

  it('sets another contact primary, which the candidate then shows first', async () => {
    const id = await fresh(['one@example.com', 'two@example.com']);
    const res = await call('set_primary_contact', id, { type: 'email', value: 'two@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'two@example.com',
      contacts: { emails: ['two@example.com', 'one@example.com'] },
    });
    const again = await call('set_primary_contact', id, { type: 'email', value: 'two@example.com' });
    expect(again.json().email).toBe('two@example.com');
  });

  it("answers 404 'Contact not found' for a contact it does not have, or has deleted", async () => {
    const id = await fresh(['one@example.com', 'gone@example.com']);
    await call('delete_contact', id, { type: 'email', value: 'gone@example.com' });
    for (const action of ['delete_contact', 'set_primary_contact']) {
      for (const payload of [
        { type: 'email', value: 'nobody@example.com' },
        { type: 'email', value: 'gone@example.com' },
        { type: 'phone', value: 'one@example.com' },
      ]) {
        const res = await call(action, id, payload);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'not_found', message: 'Contact not found' });
      }
      expect(
        (await call(action, id, { type: 'email', value: 'one@example.com' }, other.admin.headers)).statusCode,
      ).toBe(404);
      expect((await call(action, id, { type: 'email' })).statusCode).toBe(400);
    }
  });
});
