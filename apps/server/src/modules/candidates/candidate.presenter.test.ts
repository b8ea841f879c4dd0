import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateContacts, candidates, candidateTags, tags } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { presentCandidate } from './candidate.presenter.ts';
import { findCandidate, findCandidates } from './candidates.queries.ts';

let t: TestApp;
let licenceA: number;
let licenceB: number;
beforeAll(async () => {
  t = await createTestApp();
  licenceA = (await t.licence()).licence.id;
  licenceB = (await t.licence()).licence.id;
});
afterAll(() => t.close());

async function insertCandidate(licenceId: number, values: Partial<typeof candidates.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(candidates)
    .values({ licenceId, ...values })
    .returning({ id: candidates.id });
  if (!row) throw new Error('no candidate');
  return row.id;
}

describe('presentCandidate', () => {
  it('shows the profile, its contacts primary first, added and deleted lists, and tags by name', async () => {
    const id = await insertCandidate(licenceA, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      linkedinUrl: 'https://linkedin.com/in/ada',
      details: { title: 'Engineer', experiences: [{ company: 'Babbage & Co' }] },
    });
    await t.db.insert(candidateContacts).values([
      { licenceId: licenceA, candidateId: id, kind: 'email', value: 'old@ada.test' },
      { licenceId: licenceA, candidateId: id, kind: 'email', value: 'ada@ada.test', isPrimary: true },
      { licenceId: licenceA, candidateId: id, kind: 'email', value: 'hand@ada.test', source: 'added' },
      { licenceId: licenceA, candidateId: id, kind: 'phone', value: '+33 6 12 34 56 78' },
      {
        licenceId: licenceA,
        candidateId: id,
        kind: 'phone',
        value: '+1 555 0100',
        source: 'added',
        deletedAt: new Date(),
      },
    ]);
    const [zeta, alpha] = await t.db
      .insert(tags)
      .values([
        { licenceId: licenceA, name: 'zeta' },
        { licenceId: licenceA, name: 'Alpha' },
      ])
      .returning();
    if (!zeta || !alpha) throw new Error('no tags');
    await t.db.insert(candidateTags).values([
      { candidateId: id, tagId: zeta.id },
      { candidateId: id, tagId: alpha.id },
    ]);

    const row = await findCandidate(t.db, licenceA, id);
    if (!row) throw new Error('not found');
    const candidate = presentCandidate(row);
    expect(candidate).toMatchObject({
      id,
      first_name: 'Ada',
      last_name: 'Lovelace',
      full_name: 'Ada Lovelace',
      email: 'ada@ada.test',
      phone: '+33 6 12 34 56 78',
      details: { title: 'Engineer', experiences: [{ company: 'Babbage & Co' }], skills: [], educations: [] },
      contacts: {
        emails: ['ada@ada.test', 'old@ada.test', 'hand@ada.test'],
        phones: ['+33 6 12 34 56 78'],
        added_emails: ['hand@ada.test'],
        added_phones: [],
        deleted_emails: [],
        deleted_phones: ['+1 555 0100'],
      },
      social_networks: [{ type: 'linkedin', value: 'https://linkedin.com/in/ada' }],
      // Inserted without one: legitimate interest, by nobody known (issue 24).
      legal_basis: 'legitimate_interest',
      legal_basis_by: null,
      tags: [
        { id: alpha.id, name: 'Alpha' },
        { id: zeta.id, name: 'zeta' },
      ],
    });
  });

  it('falls back to the manual data for the name, and answers nulls and empty lists when nothing is known', async () => {
    const id = await insertCandidate(licenceA, { manualData: { firstName: 'Grace', lastName: 'Hopper' } });
    const row = await findCandidate(t.db, licenceA, id);
    if (!row) throw new Error('not found');
    expect(presentCandidate(row)).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      full_name: 'Grace Hopper',
      email: null,
      phone: null,
      manual_data: { first_name: 'Grace', last_name: 'Hopper', title: null },
      social_networks: [],
      tags: [],
    });
    const bare = await findCandidate(t.db, licenceA, await insertCandidate(licenceA));
    if (!bare) throw new Error('not found');
    expect(presentCandidate(bare)).toMatchObject({ first_name: null, last_name: null, full_name: '' });
  });

  it("never answers another licence's candidate", async () => {
    const mine = await insertCandidate(licenceA, { firstName: 'Mine' });
    const theirs = await insertCandidate(licenceB, { firstName: 'Theirs' });
    expect(await findCandidate(t.db, licenceA, theirs)).toBeUndefined();
    const rows = await findCandidates(t.db, licenceA, [mine, theirs]);
    expect(rows.map((r) => r.id)).toEqual([mine]);
  });
});
