import type { CandidateDetails } from '../../db/schema/candidates.ts';
import { candidateContacts, candidates } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';

type Headers = Record<string, string>;

/** A candidate of a licence with a profile and, when given, a primary email. */
export async function insertCandidate(
  t: TestApp,
  licenceId: number,
  profile: { firstName?: string; lastName?: string; email?: string; details?: CandidateDetails },
) {
  const [row] = await t.db
    .insert(candidates)
    .values({
      licenceId,
      firstName: profile.firstName ?? null,
      lastName: profile.lastName ?? null,
      details: profile.details ?? {},
    })
    .returning({ id: candidates.id });
  if (!row) throw new Error('no candidate');
  if (profile.email) {
    await t.db
      .insert(candidateContacts)
      .values({ licenceId, candidateId: row.id, kind: 'email', value: profile.email, isPrimary: true });
  }
  return row.id;
}

/** The API calls of the sending tests. */
export function sendingRequests(t: () => TestApp) {
  const createTemplate = async (headers: Headers, body: Record<string, unknown>) => {
    const res = await t().app.inject({ method: 'POST', url: '/api/email_templates', headers, payload: body });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json() as { id: number };
  };
  const createOffer = async (headers: Headers, job_offer: Record<string, unknown>) => {
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/job_offers',
      headers,
      payload: { job_offer },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json() as { id: number };
  };
  const send = (headers: Headers, jobOfferId: number, payload: unknown) =>
    t().app.inject({
      method: 'POST',
      url: `/api/job_offers/${jobOfferId}/emails`,
      headers,
      payload: payload as object,
    });
  const preview = (headers: Headers, jobOfferId: number, payload: unknown) =>
    t().app.inject({
      method: 'POST',
      url: `/api/job_offers/${jobOfferId}/emails/preview`,
      headers,
      payload: payload as object,
    });
  /** Asks for a send (202), then follows it until it ends; answers the start and the final progress. */
  const sendAndWait = async (headers: Headers, jobOfferId: number, payload: unknown, waitMs = 20_000) => {
    const res = await send(headers, jobOfferId, payload);
    if (res.statusCode !== 202) throw new Error(`send answered ${res.statusCode}: ${res.body}`);
    const started = res.json() as { id: number; total: number; skipped: unknown[] };
    const deadline = Date.now() + waitMs;
    for (;;) {
      const progress = await t().app.inject({ url: `/api/email_sends/${started.id}`, headers });
      const body = progress.json() as { state: string; sent: number; failed: number };
      if (body.state === 'done' || body.state === 'failed') return { started, progress: body };
      if (Date.now() > deadline) throw new Error(`the send did not end: ${progress.body}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const saveSignature = (headers: Headers, value: string) =>
    t().app.inject({ method: 'PUT', url: '/api/users/me/signature', headers, payload: { value } });
  return { createTemplate, createOffer, send, sendAndWait, preview, saveSignature };
}
