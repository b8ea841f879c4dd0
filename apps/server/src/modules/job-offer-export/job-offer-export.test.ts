import { EXPORT_COLUMNS } from '@vivier/contract';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import {
  insertApplications,
  insertCandidates,
  jobOfferRequests,
  type Organisation,
  organisation,
  setSetting,
} from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';
import { exportOf, trickyCandidates, trickyRows } from './export.fixtures.ts';

// Exporting a job offer: GET /api/job_offers/{id}/export (SPEC sections 2, 4, 7 and 9; docs/export-formats.md).
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));
let offer: { id: number; name: string };
let tricky: Awaited<ReturnType<typeof trickyCandidates>>;
beforeAll(async () => {
  const company = await createCompany(org.alice.headers, 'Acme Société');
  offer = (
    await create(org.alice.headers, { name: 'Développeur·euse senior', company_id: company.id })
  ).json();
  tricky = await trickyCandidates(t, org, offer.id);
});

const { create, createCompany } = jobOfferRequests(() => t);
const today = () => new Date().toISOString().slice(0, 10);
const BOM = '\uFEFF';
const csvHeaders = EXPORT_COLUMNS.map((c) => c.csv);
const admenHeaders = EXPORT_COLUMNS.map((c) => c.admen);

describe('GET /api/job_offers/{id}/export as CSV', () => {
  for (const [format, delimiter] of [
    ['csv_semicolumn', ';'],
    ['csv_comma', ','],
  ] as const) {
    it(`${format}: a CSV parser reads back exactly what was stored, formula cells escaped`, async () => {
      const res = await exportOf(t, org.alice.headers, offer.id, `format=${format}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="acme-societe_developpeur-euse-senior_${today()}.csv"`,
      );
      expect(res.headers['x-total-count']).toBe('3');
      expect(res.headers['x-export-format']).toBe(format);
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const text = res.rawPayload.toString('utf8');
      expect(text.startsWith(`${BOM}${csvHeaders.join(delimiter)}\r\n`)).toBe(true);
      expect(text.endsWith('\r\n')).toBe(true);
      const records: string[][] = parse(text, { delimiter, bom: true });
      expect(records[0]).toEqual(csvHeaders);
      expect(records.slice(1)).toEqual(trickyRows(org, offer.name, '2026-02-03'));
    });
  }

  it('quotes only the cells that need it, doubling their quotes (RFC 4180)', async () => {
    const res = await exportOf(t, org.alice.headers, offer.id, 'format=csv_semicolumn');
    const lines = res.rawPayload.toString('utf8').split('\r\n');
    expect(lines[1]?.startsWith('"Zoé L\'Été; ""Jr"", Ünal";Zoé;')).toBe(true);
  });

  it("uses the caller's own format, else the licence's default; the query's wins", async () => {
    await setSetting(t, org.licence.id, 'export', 'csv_comma');
    const byLicence = await exportOf(t, org.bob.headers, offer.id);
    expect(byLicence.headers['x-export-format']).toBe('csv_comma');
    await t.db
      .update(users)
      .set({ settings: { export: { type: 'admen' }, email_signature: { value: '' } } })
      .where(and(eq(users.id, org.bob.id)));
    const byUser = await exportOf(t, org.bob.headers, offer.id);
    expect(byUser.headers['x-export-format']).toBe('admen');
    expect(byUser.headers['content-disposition']).toMatch(/\.txt"$/);
    const asked = await exportOf(t, org.bob.headers, offer.id, 'format=csv_semicolumn');
    expect(asked.headers['x-export-format']).toBe('csv_semicolumn');
    await setSetting(t, org.licence.id, 'export', 'not-a-format');
    const fallback = await exportOf(t, org.alice.headers, offer.id);
    expect(fallback.headers['x-export-format']).toBe('csv_semicolumn');
  });
});

describe('GET /api/job_offers/{id}/export as admen', () => {
  it('is tab-separated text with P_/F_/S_ columns, no quoting, tabs and line breaks as spaces', async () => {
    const res = await exportOf(t, org.alice.headers, offer.id, 'format=admen');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/tab-separated-values; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="acme-societe_developpeur-euse-senior_${today()}.txt"`,
    );
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith(BOM)).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines.at(-1)).toBe('');
    const cells = lines.slice(0, -1).map((line) => line.split('\t'));
    expect(cells[0]).toEqual(admenHeaders);
    // A tab or line break becomes a space before the formula check, so a cell it started needs no prefix.
    const expected = trickyRows(org, offer.name, '03/02/2026').map((row) =>
      row.map((cell) => (cell ?? '').replace(/^'[\t\r]/, ' ').replace(/[\t\r\n]+/g, ' ')),
    );
    expect(cells.slice(1)).toEqual(expected);
    expect(cells[1]?.[2]).toBe('L\'Été; "Jr", Ünal');
  });
});

describe('GET /api/job_offers/{id}/export: what it holds', () => {
  it('holds only the statuses asked for (statuses[]=… or one statuses=…)', async () => {
    const [s0, s1] = tricky.statuses;
    const first = await exportOf(t, org.alice.headers, offer.id, `format=csv_comma&statuses[]=${s0.id}`);
    expect(first.headers['x-total-count']).toBe('1');
    const firstRows: string[][] = parse(first.rawPayload.toString('utf8'), { bom: true });
    expect(firstRows.slice(1).map((r) => r[1])).toEqual(['Zoé']);
    const single = await exportOf(t, org.alice.headers, offer.id, `format=csv_comma&statuses=${s1.id}`);
    expect(single.headers['x-total-count']).toBe('2');
    const both = await exportOf(
      t,
      org.alice.headers,
      offer.id,
      `format=csv_comma&statuses[]=${s0.id}&statuses[]=${s1.id}`,
    );
    expect(both.headers['x-total-count']).toBe('3');
  });

  it('an empty selection is a file with the header row only and a count of 0', async () => {
    const emptyStatus = org.statuses[5];
    if (!emptyStatus) throw new Error('no status');
    for (const [id, query] of [
      [offer.id, `format=csv_semicolumn&statuses[]=${emptyStatus.id}`],
      [offer.id, 'format=csv_semicolumn&statuses[]=2000000'],
      [(await create(org.alice.headers, { name: 'Empty offer' })).json().id as number, ''],
    ] as const) {
      const res = await exportOf(t, org.alice.headers, id, query);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('0');
      expect(res.rawPayload.toString('utf8')).toBe(`${BOM}${csvHeaders.join(';')}\r\n`);
    }
  });

  it('reads past many batches of 50 in order, each application once, the status-less ones included', async () => {
    const big = (await create(org.alice.headers, { name: 'Big' })).json();
    const people = await insertCandidates(t, org.licence.id, 173);
    await insertApplications(
      t,
      org.licence.id,
      big.id,
      people.map((candidateId, i) => ({
        candidateId,
        statusId: i % 10 === 0 ? null : (org.statuses[i % 6]?.id ?? null),
      })),
    );
    const res = await exportOf(t, org.alice.headers, big.id, 'format=csv_comma');
    expect(res.headers['x-total-count']).toBe('173');
    const rows: string[][] = parse(res.rawPayload.toString('utf8'), { bom: true });
    expect(rows).toHaveLength(174);
    expect(rows.slice(1).map((r) => r[1])).toEqual(people.map((_, i) => `Candidate ${i}`));
    expect(rows[1]?.[8]).toBe('');
  });

  it('a slug-free name and no company still make a file name', async () => {
    const odd = (await create(org.alice.headers, { name: '🚀🚀' })).json();
    const res = await exportOf(t, org.alice.headers, odd.id, 'format=csv_comma');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="job-offer_${today()}.csv"`);
  });
});

describe('GET /api/job_offers/{id}/export: who may, and bad input', () => {
  it("answers 404 for another licence's offer, a hidden one and a missing one", async () => {
    const foreign = await exportOf(t, other.admin.headers, offer.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'not_found', message: 'Job offer not found' });
    expect((await exportOf(t, org.alice.headers, 2_000_000)).statusCode).toBe(404);
    const o = await organisation(t);
    const hidden = (await create(o.alice.headers, { name: 'Hidden' })).json();
    expect((await exportOf(t, o.bob.headers, hidden.id)).statusCode).toBe(200);
    await setSetting(t, o.licence.id, 'transparency', 'opaque');
    expect((await exportOf(t, o.bob.headers, hidden.id)).statusCode).toBe(404);
    expect((await exportOf(t, o.admin.headers, hidden.id)).statusCode).toBe(200);
  });

  it('answers 400 to malformed statuses or an unknown format, and 401 without a token', async () => {
    for (const query of [
      'statuses[]=abc',
      'statuses[]=0',
      'statuses[]=-1',
      'format=xlsx',
      'format[]=admen',
    ]) {
      const res = await exportOf(t, org.alice.headers, offer.id, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe('validation_error');
    }
    const many = Array.from({ length: 101 }, (_, i) => `statuses[]=${i + 1}`).join('&');
    expect((await exportOf(t, org.alice.headers, offer.id, many)).statusCode).toBe(400);
    expect((await exportOf(t, {}, offer.id)).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the copy, the export and the status change after it', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/job_offers/{id}/copy']).toHaveProperty('post');
    expect(doc.paths['/api/job_offers/{id}/export']).toHaveProperty('get');
    expect(doc.paths['/api/job_offers/{id}/export/status_change']).toHaveProperty('post');
  });
});
