import type { ImportBatchLine, ImportLine } from '@vivier/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { candidates, licences, tags } from '../../db/schema/index.ts';
import { seedCandidate, seedTags } from '../../test/fixtures/candidate-database.ts';
import { type Organisation, setSetting } from '../../test/fixtures/organisation.ts';
import { withOrganisation } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';

// POST /api/candidates/import: a CSV file with good, duplicate and broken rows.
let t: TestApp, org: Organisation;
withOrganisation((made) => ({ t, org } = made));

const MAPPING =
  'mapping[first_name]=0&mapping[last_name]=1&mapping[emails][]=2&mapping[emails][]=3&mapping[phones]=4' +
  '&mapping[title]=5&mapping[company]=6&mapping[linkedin]=7&mapping[tags]=8';

const importCsv = async (csv: string | Buffer, query = MAPPING, headers = org.alice.headers) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/candidates/import?${query}`,
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: csv,
  });
  const lines =
    res.statusCode === 200
      ? res.body
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as ImportLine)
      : [];
  const rows = lines.flatMap((line) => (line.type === 'batch' ? line.rows : []));
  return { res, lines, rows, done: lines.at(-1) };
};
const count = (licenceId: number) => t.db.$count(candidates, eq(candidates.licenceId, licenceId));
const search = async (term: string) =>
  (
    await t.app.inject({
      url: `/api/candidates/search?filters[search]=${encodeURIComponent(term)}`,
      headers: org.alice.headers,
    })
  ).json().data;

describe('POST /api/candidates/import', () => {
  it('creates good rows, merges duplicates by email, rejects broken rows, and reports each row', async () => {
    const existing = await seedCandidate(t, org.licence.id, {
      firstName: 'Grace',
      lastName: 'Hopper',
      emails: ['grace@navy.test'],
      minutesAgo: 60,
    });
    await seedTags(t, org.licence.id, ['Java']);
    const csv = [
      'First name;Last name;Email;Email 2;Phone;Title;Company;LinkedIn;Tags',
      'Ada;Lovelace;ada@engine.test;;+44 20 7946 0000;Backend developer;Analytical;https://linkedin.com/in/ada;java, Senior',
      ';;GRACE@navy.test;admiral@navy.test;+1 555 0100;Rear admiral;Navy;;Compilers',
      'Alan;Turing;alan@bletchley.test;;;;;;',
      'Ada;L.;countess@lovelace.test;ada@ENGINE.test;;;;;Math',
      'Bad;Email;not-an-email;;;;;;',
      ';;;;+33 6 12 34 56 78;;;;',
      'Bad;Phone;bp@x.test;;call me;;;;',
      '"Unclosed;quote;x@y.test;;;;;;',
    ].join('\n');
    const { res, rows, done } = await importCsv(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    expect(done).toEqual({ type: 'done', processed: 8, created: 2, merged: 2, rejected: 4 });
    const [ada, grace, alan, adaAgain, badEmail, noName, badPhone, unclosed] = rows;
    expect(ada).toMatchObject({ row: 2, outcome: 'created', reasons: [], message: null });
    expect(grace).toEqual({ row: 3, outcome: 'merged', candidate_id: existing, reasons: [], message: null });
    expect(alan).toMatchObject({ row: 4, outcome: 'created' });
    expect(adaAgain).toEqual({
      row: 5,
      outcome: 'merged',
      candidate_id: ada?.candidate_id,
      reasons: [],
      message: null,
    });
    // Each reason is a code the web words in the person's language, and the same in English for API readers.
    expect(badEmail).toEqual({
      row: 6,
      outcome: 'rejected',
      candidate_id: null,
      reasons: [{ code: 'invalid_email', value: 'not-an-email' }],
      message: 'Invalid email format: not-an-email',
    });
    expect(noName).toMatchObject({
      row: 7,
      outcome: 'rejected',
      reasons: [{ code: 'no_identity' }],
      message: 'The row has no first name, last name or email',
    });
    expect(badPhone).toMatchObject({
      row: 8,
      outcome: 'rejected',
      reasons: [{ code: 'invalid_phone', value: 'call me' }],
      message: 'Invalid phone format: call me',
    });
    expect(unclosed).toMatchObject({ row: 9, outcome: 'rejected', reasons: [{ code: 'malformed_line' }] });
    expect(unclosed?.message).toContain('Malformed CSV line');

    // Ada: created with everything, then the second row's email and tag merged in (her name kept).
    const [found] = await search('countess');
    expect(found).toMatchObject({
      id: ada?.candidate_id,
      full_name: 'Ada Lovelace',
      details: { title: 'Backend developer', experiences: [{ company: 'Analytical' }] },
      contacts: { emails: ['ada@engine.test', 'countess@lovelace.test'], phones: ['+44 20 7946 0000'] },
      linkedin_url: 'https://linkedin.com/in/ada',
      tags: [{ name: 'Java' }, { name: 'Math' }, { name: 'Senior' }],
      // Imported: held by the legitimate interest of the user who imported her (issue 24).
      legal_basis: 'legitimate_interest',
      legal_basis_by: org.alice.id,
    });
    // Grace: her name kept, the new email, phone, title, company and tag added.
    const [merged] = await search('admiral@navy');
    expect(merged).toMatchObject({
      id: existing,
      full_name: 'Grace Hopper',
      details: { title: 'Rear admiral', experiences: [{ company: 'Navy' }] },
      contacts: { emails: ['grace@navy.test', 'admiral@navy.test'], phones: ['+1 555 0100'] },
      tags: [{ name: 'Compilers' }],
    });
    // Existing tag matched ignoring case, not created twice.
    expect(
      await t.db.$count(tags, sql`${tags.licenceId} = ${org.licence.id} and lower(${tags.name}) = 'java'`),
    ).toBe(1);
    // Merged and created candidates come first in the database.
    const page = (await t.app.inject({ url: '/api/candidates/search', headers: org.alice.headers })).json();
    expect(
      page.data
        .slice(0, 3)
        .map((c: { id: number }) => c.id)
        .sort(),
    ).toEqual([ada?.candidate_id, alan?.candidate_id, existing].sort());
  });

  it('spends one credit per created candidate and rejects the rows beyond the credits', async () => {
    const poor = await t.licence({ creditsMax: 2 });
    const { jwt } = await t.login(poor.admin.email);
    await seedCandidate(t, poor.licence.id, { firstName: 'Known', emails: ['known@x.test'] });
    const csv = [
      'first,last,email',
      'A,One,a@x.test',
      'B,Two,b@x.test',
      'C,Three,c@x.test',
      'K,Known,KNOWN@x.test',
    ].join('\r\n');
    const { rows, done } = await importCsv(
      csv,
      'mapping[first_name]=0&mapping[last_name]=1&mapping[emails]=2',
      t.auth(jwt),
    );
    expect(done).toMatchObject({ created: 2, merged: 1, rejected: 1 });
    expect(rows[2]).toEqual({
      row: 4,
      outcome: 'rejected',
      candidate_id: null,
      reasons: [{ code: 'no_credits' }],
      message: 'No credits left on this license, please contact your administrator',
    });
    expect(rows[3]?.outcome).toBe('merged');
    const [licence] = await t.db.select().from(licences).where(eq(licences.id, poor.licence.id));
    expect(licence?.creditsUsed).toBe(2);
    expect(await count(poor.licence.id)).toBe(3);
  });

  it('leaves unknown tags out when the licence reserves tag creation to admins, and says so', async () => {
    await setSetting(t, org.licence.id, 'tags_rule', 'not-createable');
    const { rows } = await importCsv(
      'n,e,t\nZed,zed@x.test,Brand new tag',
      'mapping[first_name]=0&mapping[emails]=1&mapping[tags]=2',
    );
    expect(rows[0]).toMatchObject({
      outcome: 'created',
      reasons: [{ code: 'tags_not_created', value: 'Brand new tag' }],
      message: 'Tags not created (only an admin can create tags): Brand new tag',
    });
    await setSetting(t, org.licence.id, 'tags_rule', 'createable');
    expect((await search('zed@x'))[0].tags).toEqual([]);
  });

  it('writes a batch whole or not at all, and goes on with the next batch', async () => {
    await t.db.update(licences).set({ creditsMax: 10_000 }).where(eq(licences.id, org.licence.id));
    // A constraint of the test's own makes one row of the second batch fail inside the database.
    await t.db.execute(
      sql`alter table candidate_contacts add constraint test_no_boom check (value not like 'boom%')`,
    );
    try {
      const lines = ['first,email'];
      for (let i = 0; i < 700; i++) lines.push(`Batch${i},${i === 600 ? 'boom' : 'b'}${i}@batch.test`);
      const before = await count(org.licence.id);
      const {
        done,
        rows,
        lines: answer,
      } = await importCsv(lines.join('\n'), 'mapping[first_name]=0&mapping[emails]=1');
      expect(answer.filter((l) => l.type === 'batch')).toHaveLength(2);
      expect((answer[0] as ImportBatchLine).processed).toBe(500);
      expect(done).toMatchObject({ type: 'done', processed: 700, created: 500, rejected: 200 });
      expect(rows[600]).toMatchObject({
        row: 602,
        outcome: 'rejected',
        reasons: [{ code: 'not_saved' }],
        message: 'The row could not be saved, please try again',
      });
      expect(await count(org.licence.id)).toBe(before + 500);
      expect(await search('b599@batch')).toHaveLength(0);
    } finally {
      await t.db.execute(sql`alter table candidate_contacts drop constraint test_no_boom`);
    }
  });

  it('refuses a file it cannot read as a whole before writing anything (4xx)', async () => {
    const before = await count(org.licence.id);
    const cases: [string, string, number, string][] = [
      ['', 'mapping[first_name]=0', 400, 'No file'],
      [
        'a,b\n1,2',
        'mapping[first_name]=5',
        400,
        'mapping[first_name] names column 5, the file has 2 columns',
      ],
      ['a,b\n1,2', '', 400, 'mapping'],
      ['a,b\n1,2', 'mapping[first_name]=x', 400, 'column numbers'],
      ['a,b\n1,2', 'mapping[nickname]=0', 400, ''],
      ['a,b\n1,2', 'mapping[first_name]=0&delimiter=%23', 400, ''],
    ];
    for (const [csv, query, status, message] of cases) {
      const { res } = await importCsv(csv, query);
      expect(res.statusCode, `${query}`).toBe(status);
      expect(res.json().message).toContain(message);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/candidates/import?${MAPPING}`,
      headers: org.alice.headers,
      payload: { first_name: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toContain('Content-Type: text/csv');
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/candidates/import?mapping[first_name]=0',
      headers: { ...org.alice.headers, 'content-type': 'text/csv' },
      payload: 'x'.repeat(32 * 1024 * 1024 + 1),
    });
    expect(big.statusCode).toBe(413);
    expect(await count(org.licence.id)).toBe(before);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/candidates/import?mapping[first_name]=0',
      headers: { 'content-type': 'text/csv' },
      payload: 'a\nb',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reads semicolons, tabs and quotes, a BOM and blank lines', async () => {
    const csv = '\uFEFFname\tmail\n\n"Quoted\tname"\tq1@tab.test\n\nPlain\tq2@tab.test\n';
    const { done, rows } = await importCsv(csv, 'mapping[first_name]=0&mapping[emails]=1');
    expect(done).toMatchObject({ created: 2, rejected: 0 });
    expect(rows.map((r) => r.row)).toEqual([3, 5]);
    expect((await search('q1@tab'))[0].first_name).toBe('Quoted\tname');
  });

  it('reads a file Excel saved in Windows-1252 with the encoding asked for, or the one it detects', async () => {
    // Bytes as Excel on Windows writes "CSV (séparateur: point-virgule)": é is one byte, 0xE9.
    const latin1 = (csv: string) => Buffer.from(csv, 'latin1');
    const query = 'mapping[first_name]=0&mapping[last_name]=1&mapping[emails]=2';
    const asked = await importCsv(
      latin1('Prénom;Nom;E-mail\nHélène;Lefèvre;helene@cp1252.test\n'),
      `${query}&encoding=windows-1252`,
    );
    expect(asked.done).toMatchObject({ created: 1, rejected: 0 });
    expect(await search('helene@cp1252')).toMatchObject([{ first_name: 'Hélène', last_name: 'Lefèvre' }]);

    const detected = await importCsv(latin1('Prénom;Nom;E-mail\nRenée;Müller;renee@cp1252.test\n'), query);
    expect(detected.done).toMatchObject({ created: 1 });
    expect(await search('renee@cp1252')).toMatchObject([{ first_name: 'Renée', last_name: 'Müller' }]);

    // The encoding asked for wins: read as UTF-8, the same bytes are not letters.
    await importCsv(latin1('Prénom;Nom;E-mail\nAgnès;Varda;agnes@cp1252.test\n'), `${query}&encoding=utf-8`);
    expect((await search('agnes@cp1252'))[0].first_name).toBe('Agn\uFFFDs');

    const wrong = await importCsv('a\nb\n', `${query}&encoding=latin9`);
    expect(wrong.res.statusCode).toBe(400);
  });
});
