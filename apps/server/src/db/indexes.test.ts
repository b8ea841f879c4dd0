import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companySearch } from '../modules/companies/companies.queries.ts';
import { jobOfferNameSearch } from '../modules/job-offers/job-offers.queries.ts';
import { tagSearch } from '../modules/tags/tags.queries.ts';
import { type TestApp, withTestApp } from '../test/harness.ts';
import type { Db } from './database.ts';
import { companies, jobOffers, tags } from './schema/index.ts';

/** The database's structure for scale and integrity (issue 7 section 7), read from the catalog. */
let t: TestApp;
withTestApp((app) => (t = app));

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
};

describe('foreign keys', () => {
  it('each has an index led by its columns (joins, filters and cascades never scan a whole table)', async () => {
    const unindexed = await rows<{ fk: string }>(
      t.db,
      sql`
        select c.conrelid::regclass::text || '.' || c.conname as fk
        from pg_constraint c
        where c.contype = 'f'
          and c.connamespace = 'public'::regnamespace
          and not exists (
            select 1 from pg_index i
            where i.indrelid = c.conrelid
              and i.indpred is null
              and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)] @> c.conkey
              and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)] <@ c.conkey
          )
        order by 1`,
    );
    expect(unindexed.map((r) => r.fk)).toEqual([]);
    const [count] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
    );
    expect(count?.n).toBeGreaterThan(15);
  });
});

describe('name search within one licence', () => {
  beforeAll(async () => {
    const one = await t.licence();
    const two = await t.licence();
    // Enough rows in two licences that the planner's choice means something.
    for (const licenceId of [one.licence.id, two.licence.id]) {
      await t.db.execute(sql`
        insert into companies (licence_id, name)
        select ${licenceId}, md5(g::text) || ' Company ' || g from generate_series(1, 3000) g`);
      await t.db.execute(sql`
        insert into tags (licence_id, name)
        select ${licenceId}, md5(g::text) || ' Tag ' || g from generate_series(1, 3000) g`);
      await t.db.execute(sql`
        insert into job_offers (licence_id, name)
        select ${licenceId}, md5(g::text) || ' Offer ' || g from generate_series(1, 3000) g`);
    }
    await t.db.execute(sql`vacuum analyze companies`);
    await t.db.execute(sql`vacuum analyze tags`);
    await t.db.execute(sql`vacuum analyze job_offers`);
  });

  /** The plan of a query; sequential scans are priced out so the test asks "can an index serve it?". */
  const plan = (query: ReturnType<typeof sql>) =>
    t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const lines = await rows<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`);
      return lines.map((line) => line['QUERY PLAN']).join('\n');
    });

  const searches = [
    {
      table: 'companies',
      query: (term: string) => sql`select id from ${companies} where ${companySearch(1, term)}`,
    },
    { table: 'tags', query: (term: string) => sql`select id from ${tags} where ${tagSearch(1, term)}` },
    {
      table: 'job_offers',
      query: (term: string) =>
        sql`select id from ${jobOffers} where ${jobOffers.licenceId} = 1 and ${jobOfferNameSearch(term)}`,
    },
  ];

  for (const { table, query } of searches) {
    it(`serves a ${table} substring search of 3+ characters with one trigram index led by licence_id`, async () => {
      // md5('12') begins c20ad4d7: a term found in one name of each licence.
      const text = await plan(query('c20ad4d7'));
      expect(text).toContain(`Bitmap Index Scan on ${table}_licence_name_trgm`);
      expect(text).toMatch(/Index Cond: \(\(licence_id = 1\) AND \(name ~~\* '%c20ad4d7%'::text\)\)/);
    });

    it(`serves a ${table} search of 1 or 2 characters as a prefix, within the licence, from an index`, async () => {
      // About one name in 256 starts with 'c2'.
      const text = await plan(query('c2'));
      expect(text).not.toContain('Seq Scan');
      // Both conditions bound the index scan (LIKE is then rechecked on the rows found).
      expect(text).toMatch(/Index Cond: \(\(licence_id = 1\) AND \(lower\(name\) ~>=~ 'c2'::text\)/);
    });
  }
});
