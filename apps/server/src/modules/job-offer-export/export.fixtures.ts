import { candidateContacts, candidates, jobApplications } from '../../db/schema/index.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import type { TestApp } from '../../test/harness.ts';

type Headers = Record<string, string>;

/** GET /api/job_offers/{id}/export with a query string; the body as UTF-8 text, BOM included. */
export const exportOf = (t: TestApp, headers: Headers, id: number, query = '') =>
  t.app.inject({ url: `/api/job_offers/${id}/export${query ? `?${query}` : ''}`, headers });

/** The moment every application of these tests was added: late in the day in UTC. */
export const ADDED_AT = new Date('2026-02-03T23:30:00Z');

async function insertCandidate(t: TestApp, values: typeof candidates.$inferInsert) {
  const [row] = await t.db.insert(candidates).values(values).returning({ id: candidates.id });
  if (!row) throw new Error('no candidate');
  return row.id;
}

/**
 * Three candidates whose text tries every way a file can go wrong: accents, quotes, both delimiters, line
 * breaks, tabs, and cells a spreadsheet would run as formulas. Each is put into the offer with a status.
 */
export async function trickyCandidates(t: TestApp, org: Organisation, jobOfferId: number) {
  const licenceId = org.licence.id;
  const zoe = await insertCandidate(t, {
    licenceId,
    firstName: 'Zoé',
    lastName: 'L\'Été; "Jr", Ünal',
    linkedinUrl: 'https://www.linkedin.com/in/zoe',
    details: {
      title: 'Ingénieure\r\nsenior',
      experiences: [{ company: 'Société Générale' }, { company: 'Old Corp' }],
      educations: [{ school: 'École 42', degree: ['Master', 'Licence'] }, { school: 'Lycée' }],
    },
  });
  await t.db.insert(candidateContacts).values([
    { licenceId, candidateId: zoe, kind: 'email', value: 'zoe.2@example.fr' },
    { licenceId, candidateId: zoe, kind: 'email', value: 'zoé@example.fr', isPrimary: true },
    { licenceId, candidateId: zoe, kind: 'phone', value: '+33 6 12 34 56 78', isPrimary: true },
  ]);
  const formula = await insertCandidate(t, {
    licenceId,
    firstName: '=HYPERLINK("http://evil.test","x")',
    lastName: '@SUM(A1)',
    manualData: { title: '-2+3' },
    details: {
      experiences: [{ company: '+cmd|calc' }],
      educations: [{ school: '\tTabbed school', degree: ['\rCR degree'] }],
    },
  });
  await t.db
    .insert(candidateContacts)
    .values([{ licenceId, candidateId: formula, kind: 'phone', value: '-1 555 0100' }]);
  const manual = await insertCandidate(t, {
    licenceId,
    manualData: { firstName: 'Manu', lastName: 'Al', title: 'Manual title' },
    socialNetworks: [{ type: 'linkedin', value: 'https://www.linkedin.com/in/manu' }],
  });
  const [s0, s1] = org.statuses;
  if (!s0 || !s1) throw new Error('no pipeline');
  await t.db.insert(jobApplications).values([
    { licenceId, jobOfferId, candidateId: zoe, statusId: s0.id, createdAt: ADDED_AT },
    { licenceId, jobOfferId, candidateId: formula, statusId: s1.id, createdAt: ADDED_AT },
    { licenceId, jobOfferId, candidateId: manual, statusId: s1.id, createdAt: ADDED_AT },
  ]);
  return { zoe, formula, manual, statuses: [s0, s1] as const };
}

/** What a CSV parser must read back for the tricky candidates (formula cells prefixed with ', phones not). */
export function trickyRows(org: Organisation, jobOfferName: string, dateAdded: string) {
  const [s0, s1] = org.statuses;
  return [
    [
      'Zoé L\'Été; "Jr", Ünal',
      'Zoé',
      'L\'Été; "Jr", Ünal',
      'Ingénieure\r\nsenior',
      'zoé@example.fr',
      'zoé@example.fr, zoe.2@example.fr',
      'https://www.linkedin.com/in/zoe',
      '+33 6 12 34 56 78',
      s0?.name,
      'Société Générale',
      'École 42',
      'Master, Licence',
      jobOfferName,
      dateAdded,
    ],
    [
      '\'=HYPERLINK("http://evil.test","x") @SUM(A1)',
      '\'=HYPERLINK("http://evil.test","x")',
      "'@SUM(A1)",
      "'-2+3",
      '',
      '',
      '',
      "'-1 555 0100",
      s1?.name,
      "'+cmd|calc",
      "'\tTabbed school",
      "'\rCR degree",
      jobOfferName,
      dateAdded,
    ],
    [
      'Manu Al',
      'Manu',
      'Al',
      'Manual title',
      '',
      '',
      'https://www.linkedin.com/in/manu',
      '',
      s1?.name,
      '',
      '',
      '',
      jobOfferName,
      dateAdded,
    ],
  ];
}
