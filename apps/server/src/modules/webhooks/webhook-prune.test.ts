import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { createLicence } from '../licence/provision.ts';
import { KEEP_EVENT_DAYS, pruneWebhookEvents } from './webhook-prune.job.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const now = new Date('2026-11-28T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe('pruning webhook events', () => {
  it('deletes finished events past a month with their deliveries, never a pending or unfanned one', async () => {
    const db = database.db;
    const { licence } = await createLicence(db, {
      name: 'Prune',
      creditsMax: 10,
      planType: 'demo',
      admin: { email: 'admin@prune.test', password: 'prune test password', firstName: 'P', lastName: 'R' },
    });
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        licenceId: licence.id,
        url: 'https://hooks.example.test/',
        eventTypes: ['note.created'],
        sealedSecret: 'x',
      })
      .returning();
    const old = daysAgo(KEEP_EVENT_DAYS + 1);
    const cases = [
      { type: 'old delivered', createdAt: old, fannedOut: true, state: 'succeeded' },
      { type: 'old failed', createdAt: old, fannedOut: true, state: 'failed' },
      { type: 'old still pending', createdAt: old, fannedOut: true, state: 'pending' },
      { type: 'old not fanned out', createdAt: old, fannedOut: false, state: null },
      {
        type: 'recent delivered',
        createdAt: daysAgo(KEEP_EVENT_DAYS - 1),
        fannedOut: true,
        state: 'succeeded',
      },
    ];
    for (const c of cases) {
      const [event] = await db
        .insert(webhookEvents)
        .values({ licenceId: licence.id, type: c.type, createdAt: c.createdAt, fannedOut: c.fannedOut })
        .returning();
      if (event && endpoint && c.state) {
        await db
          .insert(webhookDeliveries)
          .values({ licenceId: licence.id, endpointId: endpoint.id, eventId: event.id, state: c.state });
      }
    }
    expect(await pruneWebhookEvents(db, now)).toEqual({ deleted: 2 });
    const left = await db
      .select({ type: webhookEvents.type })
      .from(webhookEvents)
      .orderBy(asc(webhookEvents.id));
    expect(left.map((e) => e.type)).toEqual(['old still pending', 'old not fanned out', 'recent delivered']);
    const deliveries = await db
      .select({ state: webhookDeliveries.state })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.state, ['succeeded', 'failed']));
    expect(deliveries).toEqual([{ state: 'succeeded' }]);
    expect(await pruneWebhookEvents(db, now)).toEqual({ deleted: 0 });
  });
});
