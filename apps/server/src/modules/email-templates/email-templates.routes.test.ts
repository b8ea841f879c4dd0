import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailTemplates, jobOffers, users } from '../../db/schema/index.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import { type Headers, resourceRequests, type TestApp } from '../../test/harness.ts';

let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const { create: post, update: patch, remove } = resourceRequests(() => t, '/api/email_templates');
// SPEC section 7 lists the templates at GET /email_templates/, with the slash.
const { list } = resourceRequests(() => t, '/api/email_templates/');
const rowsOf = (licenceId: number) =>
  t.db.select().from(emailTemplates).where(eq(emailTemplates.licenceId, licenceId));

const create = async (headers: Headers, body: Record<string, unknown>) => {
  const res = await post(headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; subject: string; content: string };
};

describe('POST /api/email_templates', () => {
  it('creates a template with name, subject and content (201), the name trimmed', async () => {
    const res = await post(org.alice.headers, {
      name: '  First contact ',
      subject: 'Hello [:first_name:]',
      content:
        '<p>Dear [:first_name:] [:last_name:],</p><p>Your time at <strong>[:last_company:]</strong>…</p>',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'First contact',
      subject: 'Hello [:first_name:]',
      content:
        '<p>Dear [:first_name:] [:last_name:],</p><p>Your time at <strong>[:last_company:]</strong>…</p>',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('creates one with a name only: the subject and content start empty', async () => {
    expect(await create(org.bob.headers, { name: 'New template title' })).toMatchObject({
      subject: '',
      content: '',
    });
  });

  it('turns line breaks of a subject into spaces, so no mail header can be smuggled in', async () => {
    const created = await create(org.alice.headers, {
      name: 'Header injection',
      subject: 'Hi\r\nBcc: everyone@example.com',
    });
    expect(created.subject).toBe('Hi Bcc: everyone@example.com');
  });

  it('rejects bad bodies with 400 and writes nothing', async () => {
    const before = (await rowsOf(org.licence.id)).length;
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(201) },
      { name: 12 },
      { name: 'ok', subject: 'x'.repeat(501) },
      { name: 'ok', subject: 3 },
      { name: 'ok', content: 'x'.repeat(100_001) },
      { name: 'ok', content: ['<p>a</p>'] },
      { name: 'ok', content: 'nul\u0000' },
    ]) {
      const res = await post(org.alice.headers, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error).toBe('validation_error');
    }
    expect(await rowsOf(org.licence.id)).toHaveLength(before);
  });

  it('needs a session', async () => {
    expect((await post({}, { name: 'Anonymous' })).statusCode).toBe(401);
  });
});

describe('GET /api/email_templates/', () => {
  it("lists the licence's templates by name without case, never another licence's", async () => {
    await create(other.alice.headers, { name: 'Theirs' });
    await create(org.alice.headers, { name: 'apply' });
    await create(org.alice.headers, { name: 'Zebra' });
    const res = await list(org.bob.headers);
    expect(res.statusCode).toBe(200);
    const names = (res.json().data as { name: string }[]).map((x) => x.name);
    expect(names).not.toContain('Theirs');
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(res.json().total_count).toBe(names.length);
  });

  it('pages with a Link header to follow (SPEC section 7: "Follows links")', async () => {
    const first = await list(org.alice.headers, '?per_page=2');
    expect(first.json().data).toHaveLength(2);
    expect(first.headers.link).toMatch(/page=2/);
    const total = first.json().total_count as number;
    const last = await list(org.alice.headers, `?per_page=2&page=${Math.ceil(total / 2)}`);
    expect(last.headers.link).toBeUndefined();
  });
});

describe('PATCH /api/email_templates/{id}', () => {
  it('changes only the given fields', async () => {
    const template = await create(org.alice.headers, {
      name: 'Rename me',
      subject: 'Keep',
      content: '<p>Keep</p>',
    });
    const res = await patch(org.bob.headers, template.id, { name: 'Renamed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', subject: 'Keep', content: '<p>Keep</p>' });
    const again = await patch(org.bob.headers, template.id, {
      subject: 'New [:title:]',
      content: '<p>New</p>',
    });
    expect(again.json()).toMatchObject({ name: 'Renamed', subject: 'New [:title:]', content: '<p>New</p>' });
  });

  it("answers 404 for another licence's template and a missing one, changing nothing; 400 for a bad id", async () => {
    const theirs = await create(other.alice.headers, { name: 'Not yours' });
    const res = await patch(org.admin.headers, theirs.id, { name: 'Taken' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Email template not found' });
    expect((await patch(org.admin.headers, 2_000_000_000, { name: 'x' })).statusCode).toBe(404);
    expect((await patch(org.admin.headers, 'abc', { name: 'x' })).statusCode).toBe(400);
    expect((await patch(org.admin.headers, -1, { name: 'x' })).statusCode).toBe(400);
    const [row] = await t.db.select().from(emailTemplates).where(eq(emailTemplates.id, theirs.id));
    expect(row?.name).toBe('Not yours');
  });
});

describe('DELETE /api/email_templates/{id}', () => {
  it('deletes a template (204) and unlinks the job offers that used it', async () => {
    const template = await create(org.alice.headers, { name: 'Linked' });
    const offer = await t.app.inject({
      method: 'POST',
      url: '/api/job_offers',
      headers: org.alice.headers,
      payload: { job_offer: { name: 'Offer with template', email_template_id: template.id } },
    });
    expect(offer.json().email_template_id).toBe(template.id);

    // Alice manages the offer; Bob, who may not change it, may not delete it either (below, decision 090).
    expect((await remove(org.alice.headers, template.id)).statusCode).toBe(204);
    const [row] = await t.db
      .select({ emailTemplateId: jobOffers.emailTemplateId })
      .from(jobOffers)
      .where(eq(jobOffers.id, offer.json().id));
    expect(row?.emailTemplateId).toBeNull();
    expect((await remove(org.alice.headers, template.id)).statusCode).toBe(404);
  });

  it("answers 404 for another licence's template and keeps it", async () => {
    const theirs = await create(other.alice.headers, { name: 'Keep me' });
    expect((await remove(org.admin.headers, theirs.id)).statusCode).toBe(404);
    expect((await rowsOf(other.licence.id)).map((r) => r.id)).toContain(theirs.id);
  });
});

describe('linking a template to a job offer (PATCH /api/job_offers/{id})', () => {
  it("links one of the licence's templates, refuses another licence's with 422, and unlinks with null", async () => {
    const mine = await create(org.alice.headers, { name: 'Mine' });
    const theirs = await create(other.alice.headers, { name: 'Theirs again' });
    const offer = await t.app.inject({
      method: 'POST',
      url: '/api/job_offers',
      headers: org.alice.headers,
      payload: { job_offer: { name: 'Offer to link' } },
    });
    const id = offer.json().id as number;
    const link = (email_template_id: number | null) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/job_offers/${id}`,
        headers: org.alice.headers,
        payload: { job_offer: { email_template_id } },
      });
    expect((await link(mine.id)).json().email_template_id).toBe(mine.id);
    const refused = await link(theirs.id);
    expect(refused.statusCode).toBe(422);
    expect((await link(null)).json().email_template_id).toBeNull();
  });
});

/**
 * Issue 18 section 7, decision 090: the 'Other' level reads templates and changes none; changing a template
 * linked to a job offer needs the right to change that offer (else its manager would send words someone else
 * put in their mouth).
 */
describe('who may write templates', () => {
  const setLevel = (userId: number, level: 'manager' | 'other') =>
    t.db.update(users).set({ level }).where(eq(users.id, userId));

  it("refuses the 'Other' level every write (403) and lets it read; nothing changes", async () => {
    const template = await create(org.admin.headers, {
      name: 'Read only',
      subject: 'Hi',
      content: '<p>x</p>',
    });
    await setLevel(org.bob.id, 'other');
    try {
      const before = await rowsOf(org.licence.id);
      for (const res of [
        await post(org.bob.headers, { name: 'Mine' }),
        await patch(org.bob.headers, template.id, { content: '<p>Changed</p>' }),
        await remove(org.bob.headers, template.id),
      ]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toMatchObject({ error: 'forbidden' });
      }
      expect(await rowsOf(org.licence.id)).toEqual(before);
      const read = await t.app.inject({
        url: `/api/email_templates/${template.id}`,
        headers: org.bob.headers,
      });
      expect(read.statusCode).toBe(200);
      expect((await list(org.bob.headers)).statusCode).toBe(200);
    } finally {
      await setLevel(org.bob.id, 'manager');
    }
  });

  it('refuses a manager who may not change an offer linked to the template; its manager and an admin may', async () => {
    const template = await create(org.admin.headers, { name: 'Linked', subject: 'Hi', content: '<p>x</p>' });
    const [offer] = await t.db
      .insert(jobOffers)
      .values({
        licenceId: org.licence.id,
        name: "Alice's offer",
        userId: org.alice.id,
        emailTemplateId: template.id,
      })
      .returning({ id: jobOffers.id });
    expect(offer).toBeDefined();
    const refused = await patch(org.bob.headers, template.id, { content: '<p>Bob was here</p>' });
    expect(refused.statusCode, refused.body).toBe(403);
    expect((await remove(org.bob.headers, template.id)).statusCode).toBe(403);
    const [stored] = await t.db.select().from(emailTemplates).where(eq(emailTemplates.id, template.id));
    expect(stored?.content).toBe('<p>x</p>');

    expect((await patch(org.alice.headers, template.id, { subject: 'By Alice' })).statusCode).toBe(200);
    expect((await patch(org.admin.headers, template.id, { subject: 'By the admin' })).statusCode).toBe(200);
    // A template no offer uses is shared by the licence's managers (decision 080).
    const loose = await create(org.alice.headers, { name: 'Loose', subject: 'Hi', content: '<p>x</p>' });
    expect((await patch(org.bob.headers, loose.id, { subject: 'By Bob' })).statusCode).toBe(200);
    expect((await remove(org.bob.headers, loose.id)).statusCode).toBe(204);
  });
});
