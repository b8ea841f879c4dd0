import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { asAdmin } from '../support/admin-api.ts';
import { e2eEnv } from '../support/e2e-env.ts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { unique } from '../support/job-offers.ts';
import { rows, switcherOf } from '../support/pipeline.ts';
import { openSettingsSection } from '../support/settings.ts';

/** A receiver on loopback, started by the test (the e2e server allows 127.0.0.1: VIVIER_WEBHOOK_ALLOW_HOSTS). */
async function startReceiver() {
  const received: { headers: Record<string, string>; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
      );
      received.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('received by the e2e receiver');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/vivier`, received, close: () => server.close() };
}

/** Webhooks (issue 25, decision 199): made in Settings, fed by a move on the pipeline, verified by the receiver. */
test.describe('Webhooks', () => {
  test('an admin creates a token and a webhook, moves a candidate, and the signed delivery arrives and is logged', async ({
    page,
  }) => {
    const receiver = await startReceiver();
    try {
      // An offer with one candidate, made as the admin would through the API.
      const offerName = unique('Webhook offer');
      const offer = await asAdmin('POST', '/job_offers', { job_offer: { name: offerName } });
      expect(offer.status).toBe(201);
      const { id: offerId } = (await offer.json()) as { id: number };
      const lastName = unique('Hook');
      const candidate = await asAdmin('POST', '/candidates', {
        candidate: { first_name: 'Wanda', last_name: lastName },
      });
      const { id: candidateId } = (await candidate.json()) as { id: number };
      const { data: statuses } = (await (await asAdmin('GET', '/statuses')).json()) as {
        data: { id: number; name: string }[];
      };
      const [first, second] = statuses;
      if (!first || !second) throw new Error('no pipeline');
      const added = await asAdmin('POST', '/job_applications/bulk_create', {
        job_offer_id: offerId,
        status_id: first.id,
        candidates_ids: [candidateId],
      });
      expect(added.status).toBe(201);

      await signIn(page);
      await page.getByRole('link', { name: 'Settings' }).click();
      // A token for the program that will read the webhooks.
      await page.getByRole('button', { name: 'API tokens' }).click();
      await page.getByRole('textbox', { name: 'Name' }).fill(unique('Webhook reader'));
      await page.getByRole('checkbox', { name: 'Webhooks: Read' }).check();
      await page.getByRole('button', { name: 'Create token' }).click();
      const token = (await page.getByLabel('Token', { exact: true }).innerText()).trim();
      await page.getByRole('button', { name: 'Done' }).click();

      await openSettingsSection(page, 'Webhooks');
      await page.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
      await page.getByRole('textbox', { name: 'Description' }).fill('E2E receiver');
      await page.getByRole('checkbox', { name: 'Application moved' }).check();
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(
        page.getByText('Copy the signing secret now: it will not be shown again.', { exact: false }),
      ).toBeVisible();
      const secret = (await page.getByLabel('Signing secret', { exact: true }).innerText()).trim();
      expect(secret).toMatch(/^whsec_/);
      await page.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByText(secret)).toHaveCount(0);

      // The program sees the endpoint with its token.
      const listed = await fetch(`${e2eEnv().baseURL}/api/webhooks`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(listed.status).toBe(200);
      expect(JSON.stringify(await listed.json())).toContain(receiver.url);

      // The move on the pipeline screen.
      await page.goto(`/jobs/${offerId}`);
      const row = rows(page).filter({ hasText: lastName });
      await switcherOf(row).click();
      await page.getByRole('option', { name: second.name, exact: true }).click();
      await expect(switcherOf(row)).toHaveValue(second.name);

      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
      const [delivery] = receiver.received;
      const event = new Webhook(secret).verify(delivery?.body ?? '', delivery?.headers ?? {}) as {
        type: string;
        data: { candidate_id: number; job_offer_id: number; status_id: number };
      };
      expect(event).toMatchObject({
        type: 'application.moved',
        data: { candidate_id: candidateId, job_offer_id: offerId, status_id: second.id },
      });

      // The delivery log in Settings shows it.
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('button', { name: 'Webhooks', exact: true }).click();
      await page.getByRole('button', { name: `Delivery log of ${receiver.url}` }).click();
      const log = page.getByRole('table', { name: `Delivery log of ${receiver.url}` });
      const logged = log.getByRole('row').filter({ hasText: 'application.moved' });
      await expect(logged.getByText('Delivered')).toBeVisible();
      await expect(logged.getByText('received by the e2e receiver')).toBeVisible();
      await expect(logged.getByText('200', { exact: true })).toBeVisible();
    } finally {
      receiver.close();
    }
  });
});
