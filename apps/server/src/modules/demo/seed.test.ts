import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from '../../test/harness.ts';
import { contactTextOf } from '../candidates/candidate-contact-text.ts';
import { seedDemo } from './seed.ts';

let t: TestApp;
withTestApp((app) => (t = app));

/** The rows of a raw query (both drivers answer `{ rows }`). */
const all = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('demo organisation (seed)', () => {
  it('fills a licence with the demo, derived columns as the app keeps them, and data the API reads', async () => {
    const { licence, admin } = await t.licence();
    const L = licence.id;
    expect(await seedDemo(t.db, L)).toEqual({ candidates: 60, jobOffers: 4, applications: 84, tags: 7 });
    const [counts] = await all<Record<string, number>>(sql`select
      (select count(*)::int from candidates where licence_id = ${L}) as candidates,
      (select count(*)::int from job_offers where licence_id = ${L}) as offers,
      (select count(*)::int from job_applications where licence_id = ${L}) as applications,
      (select count(*)::int from tags where licence_id = ${L}) as tags,
      (select count(*)::int from candidate_contacts where licence_id = ${L} and kind = 'email' and is_primary) as primary_emails,
      (select count(*)::int from candidate_contacts where licence_id = ${L} and kind = 'email'
        and value !~ '@(([a-z]+\.)?example\.(com|org|net)|[a-z0-9-]+\.example)$') as real_domains,
      (select count(*)::int from job_applications where licence_id = ${L} and status_id is null) as without_status,
      (select count(*)::int from (select 1 from job_applications where licence_id = ${L}
        group by candidate_id, job_offer_id having count(*) > 1) twice) as twice_in_an_offer,
      (select credits_used from licences where id = ${L}) as credits_used`);
    expect(counts).toEqual({
      candidates: 60,
      offers: 4,
      applications: 84,
      tags: 7,
      primary_emails: 60,
      // Reserved domains only: a template sent from demo data never reaches a real mailbox.
      real_domains: 0,
      without_status: 0,
      twice_in_an_offer: 0,
      // Demo data is not the customer's work: it spends no credit.
      credits_used: 0,
    });

    // Derived columns: what touchCandidates and candidateSortKey would write.
    const [derived] = await all<Record<string, number>>(sql`select
      (select count(*)::int from candidates where licence_id = ${L} and contact_text <> ${contactTextOf}) as contact_text,
      (select count(*)::int from candidates c where licence_id = ${L} and tag_ids <> coalesce(
        (select array_agg(tag_id order by tag_id) from candidate_tags ct where ct.candidate_id = c.id), '{}')) as tag_ids,
      (select count(*)::int from job_applications ja join candidates c on c.id = ja.candidate_id
        where ja.licence_id = ${L} and ja.candidate_updated_at <> c.updated_at) as candidate_updated_at,
      (select count(*)::int from candidates where licence_id = ${L} and updated_at < created_at) as updated_before_created,
      (select count(*)::int from candidate_tags ct join candidates c on c.id = ct.candidate_id
        where c.licence_id = ${L}) as tag_links`);
    expect(derived).toMatchObject({
      contact_text: 0,
      tag_ids: 0,
      candidate_updated_at: 0,
      updated_before_created: 0,
    });
    expect(derived?.tag_links).toBeGreaterThan(60);
    const phones = await all<{ value: string }>(
      sql`select value from candidate_contacts where licence_id = ${L} and kind = 'phone'`,
    );
    expect(phones.length).toBeGreaterThan(30);
    for (const { value } of phones) expect(value).toMatch(/^\+\d{1,3} \d[\d ]+\d$/);

    // The API reads it: an email and a name find their candidate, a tag counts what the table says, the
    // offers index and an offer's applications page answer in the contract's shape.
    const { jwt } = await t.login(admin.email);
    const get = async (url: string) => {
      const res = await t.app.inject({ url, headers: t.auth(jwt) });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
      return res.json();
    };
    const [someone] = await all<{ id: number; email: string; name: string }>(sql`select c.id,
      split_part(c.contact_text, ' ', 1) as email, c.first_name || ' ' || c.last_name as name
      from candidates c where c.licence_id = ${L} order by c.id desc limit 1`);
    if (!someone) throw new Error('no candidate');
    const byEmail = await get(`/api/candidates/search?filters[search]=${encodeURIComponent(someone.email)}`);
    expect(byEmail.data.map((c: { id: number }) => c.id)).toEqual([someone.id]);
    const byName = await get(`/api/candidates/search?filters[search]=${encodeURIComponent(someone.name)}`);
    expect(byName.data.map((c: { id: number }) => c.id)).toContain(someone.id);
    const [top] = await all<{ id: number; n: number }>(sql`select tag_id as id, count(*)::int as n
      from candidate_tags ct join tags t on t.id = ct.tag_id where t.licence_id = ${L}
      group by 1 order by 2 desc limit 1`);
    const byTag = await get(`/api/candidates/search?filters[tags][]=${top?.id}`);
    expect(byTag.total_count).toBe(top?.n);

    const offers = await get('/api/job_offers?per_page=100');
    expect(offers.data.map((o: { name: string }) => o.name).sort()).toEqual([
      'Data engineer',
      'Engineering manager',
      'Frontend developer (React)',
      'Senior backend developer',
    ]);
    const [biggest] = await all<{ id: number; n: number }>(sql`select job_offer_id as id, count(*)::int as n
      from job_applications where licence_id = ${L} group by 1 order by 2 desc limit 1`);
    const page = await get(
      `/api/job_offers/${biggest?.id}/job_applications?embed[]=candidate&embed[]=status`,
    );
    expect(page.total_count).toBe(biggest?.n);
    expect(page.data).toHaveLength(10);

    // Issue 23: the top of the first offer's pipeline came through the careers site, with answers, and its
    // manager was notified of each.
    const first = offers.data.find((o: { name: string }) => o.name === 'Senior backend developer');
    const pipeline = await get(`/api/job_offers/${first.id}/job_applications`);
    const [applied, second] = pipeline.data;
    expect(applied).toMatchObject({ source: 'careers_page' });
    expect(second).toMatchObject({ source: 'linkedin' });
    expect(applied.answers.map((a: { label: string; answer: unknown }) => [a.label, a.answer])).toEqual([
      ['When can you start?', 'In one month'],
      ['Can you come to Lyon twice a week?', true],
      ['English level', 'Fluent'],
    ]);
    const questions = await get(`/api/job_offers/${first.id}/questions`);
    expect(applied.answers.map((a: { question_id: number }) => a.question_id)).toEqual(
      questions.data.map((q: { id: number }) => q.id),
    );
    const sources = await get('/api/candidate_sources');
    expect(sources.data).toEqual([
      { source: 'careers_page', count: 1 },
      { source: 'linkedin', count: 1 },
    ]);
    const notified = await get('/api/notifications');
    expect(notified.data.map((n: { kind: string; job_offer: unknown }) => [n.kind, n.job_offer])).toEqual([
      ['application', { id: first.id, name: 'Senior backend developer' }],
      ['application', { id: first.id, name: 'Senior backend developer' }],
    ]);
  });

  it('seeds a licence twice without repeating an email, reusing its tags and companies', async () => {
    const { licence } = await t.licence();
    await seedDemo(t.db, licence.id);
    const [companies] = await all<{ n: number }>(
      sql`select count(*)::int as n from companies where licence_id = ${licence.id}`,
    );
    await seedDemo(t.db, licence.id);
    const [counts] = await all<Record<string, number>>(sql`select
      (select count(*)::int from candidates where licence_id = ${licence.id}) as candidates,
      (select count(*)::int from tags where licence_id = ${licence.id}) as tags,
      (select count(*)::int from companies where licence_id = ${licence.id}) as companies,
      (select count(*)::int from job_offers where licence_id = ${licence.id}) as offers,
      (select count(*)::int from (select lower(value) from candidate_contacts
        where licence_id = ${licence.id} and kind = 'email' group by 1 having count(*) > 1) repeated) as repeated_emails`);
    expect(counts).toEqual({
      candidates: 120,
      tags: 7,
      companies: companies?.n,
      offers: 8,
      repeated_emails: 0,
    });
  });
});
