/**
 * The bench licence's careers site (issue 23): the slug `bench` and its 200 newest offers published, with the
 * posting fields a recruiter fills, so the careers list is measured at the issue's size.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/bench-entry.ts';

export const CAREERS_SLUG = 'bench';
export const PUBLISHED_OFFERS = 200;

const CITIES = ['Paris', 'Lyon', 'Nantes', 'Lille', 'Bordeaux', 'Berlin', 'Madrid', 'Bruxelles'];
const COUNTRIES = ['FR', 'FR', 'FR', 'FR', 'FR', 'DE', 'ES', 'BE'];

const array = (values: string[]): SQL =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** Creates the site and publishes the licence's newest offers (idempotent). */
export async function publishCareers(db: Db, licenceId: number) {
  await db.execute(sql`insert into careers_sites (licence_id, slug, intro, colour)
    values (${licenceId}, ${CAREERS_SLUG}, 'We hire all year round.', '#364fc7') on conflict do nothing`);
  await db.execute(sql`
    with newest as (
      select id, row_number() over (order by created_at desc, id desc) as n from job_offers
      where licence_id = ${licenceId} and not archived order by created_at desc, id desc limit ${PUBLISHED_OFFERS}
    )
    update job_offers o set
      published = true,
      public_slug = 'offer-' || o.id,
      published_at = o.created_at,
      description = '<p>' || o.name || ': what you will do, who you will work with, what we offer.</p>',
      city = (${array(CITIES)})[1 + newest.n % ${CITIES.length}],
      country = (${array(COUNTRIES)})[1 + newest.n % ${COUNTRIES.length}],
      workplace = (array['on_site', 'hybrid', 'remote'])[1 + newest.n % 3],
      contract_type = (array['permanent', 'fixed_term', 'internship', 'freelance'])[1 + newest.n % 4],
      salary_min = case when newest.n % 2 = 0 then 40000 + 1000 * (newest.n % 20) end,
      salary_max = case when newest.n % 2 = 0 then 50000 + 1000 * (newest.n % 20) end,
      salary_currency = case when newest.n % 2 = 0 then 'EUR' end
    from newest where o.id = newest.id`);
}
