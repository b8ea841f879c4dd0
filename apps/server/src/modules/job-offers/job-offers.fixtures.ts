import { and, count, eq } from 'drizzle-orm';
import { candidates, jobApplications, jobOffers, settings } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';

/** Test set-up shared by the job offer, company and tag API tests: a licence with an admin and two users. */
export async function organisation(t: TestApp) {
  const { licence, admin, statuses } = await t.licence();
  const slug = admin.email.split('@')[1];
  const userA = await t.user(licence.id, `alice@${slug}`);
  const userB = await t.user(licence.id, `bob@${slug}`);
  const [adminJwt, aliceJwt, bobJwt] = await Promise.all(
    [admin.email, userA.email, userB.email].map(async (email) => (await t.login(email)).jwt),
  );
  const as = (jwt: string | undefined) => t.auth(jwt ?? '');
  return {
    licence,
    statuses,
    admin: { ...admin, headers: as(adminJwt) },
    alice: { ...userA, headers: as(aliceJwt) },
    bob: { ...userB, headers: as(bobJwt) },
  };
}
export type Organisation = Awaited<ReturnType<typeof organisation>>;

/** Sets one global setting of a licence, as an admin would in Global settings. */
export async function setSetting(t: TestApp, licenceId: number, name: string, value: string) {
  await t.db
    .update(settings)
    .set({ value })
    .where(and(eq(settings.licenceId, licenceId), eq(settings.name, name)));
}

/** Inserts `n` candidates into a licence and answers their ids. */
export async function insertCandidates(t: TestApp, licenceId: number, n: number, tagIds: number[] = []) {
  const rows = await t.db
    .insert(candidates)
    .values(
      Array.from({ length: n }, (_, i) => ({
        licenceId,
        firstName: `Candidate ${i}`,
        lastName: 'Test',
        tagIds,
      })),
    )
    .returning({ id: candidates.id });
  return rows.map((r) => r.id);
}

/** Puts each candidate into the offer with the status given for it (null: a status since deleted). */
export async function insertApplications(
  t: TestApp,
  licenceId: number,
  jobOfferId: number,
  entries: { candidateId: number; statusId: number | null }[],
) {
  if (entries.length === 0) return;
  await t.db.insert(jobApplications).values(entries.map((e) => ({ licenceId, jobOfferId, ...e })));
}

type Headers = Record<string, string>;
/** The API calls the job offer route tests make, on the app `app()` answers (set up in a beforeAll). */
export function jobOfferRequests(app: () => TestApp) {
  const create = (headers: Headers, job_offer: Record<string, unknown>, query = '') =>
    app().app.inject({ method: 'POST', url: `/api/job_offers${query}`, headers, payload: { job_offer } });
  const patch = (headers: Headers, id: number, job_offer: Record<string, unknown>, query = '') =>
    app().app.inject({
      method: 'PATCH',
      url: `/api/job_offers/${id}${query}`,
      headers,
      payload: { job_offer },
    });
  const get = (headers: Headers, url: string) => app().app.inject({ url, headers });
  const createCompany = async (headers: Headers, name: string) => {
    const res = await app().app.inject({ method: 'POST', url: '/api/companies', headers, payload: { name } });
    return res.json() as { id: number; name: string };
  };
  const countOffers = async (licenceId: number) =>
    (await app().db.select({ n: count() }).from(jobOffers).where(eq(jobOffers.licenceId, licenceId)))[0]?.n;
  return { create, patch, get, createCompany, countOffers };
}
