import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rawRows } from '../../db/raw-rows.ts';
import { scopedSql } from '../../db/tenant-scope.ts';
import { defineJob, type JobKind } from '../../jobs/job-kind.ts';
import type { Mailer } from '../../mail/mailer.ts';

const Payload = z.strictObject({
  licenceId: z.number().int().positive(),
  endpointId: z.number().int().positive(),
});
export type WebhookDisabledMailJob = JobKind<z.infer<typeof Payload>>;

/** The kind's name and payload: what queues it (the drain). */
export const disabledMailKind = { name: 'webhooks.disabled_mail', payload: Payload, maxAttempts: 5 };

/**
 * The mail to a licence's admins when an endpoint failing for 3 days was turned off (decision 199), in both
 * languages as Vivier's other mails. An endpoint turned on again (or deleted) before the job runs is not mailed.
 */
export function webhookDisabledMailJob(deps: {
  mailer: Mailer;
  publicUrl: () => string;
}): WebhookDisabledMailJob {
  return defineJob({
    ...disabledMailKind,
    async run({ licenceId, endpointId }, { db }) {
      const [endpoint] = await rawRows<{ url: string; enabled: boolean }>(
        db,
        sql`select e.url, e.enabled from webhook_endpoints e
            where ${scopedSql('e', licenceId)} and e.id = ${endpointId}`,
      );
      if (!endpoint || endpoint.enabled) return { sent: 0 };
      const admins = await rawRows<{ email: string }>(
        db,
        sql`select u.email from users u where ${scopedSql('u', licenceId)} and u.role = 'admin' order by u.id`,
      );
      const link = `${deps.publicUrl()}/settings`;
      for (const admin of admins) {
        await deps.mailer.send({
          to: admin.email,
          subject: 'Vivier: a webhook endpoint was turned off / Un webhook a été désactivé',
          text: [
            `Deliveries to ${endpoint.url} failed for 3 days, so Vivier stopped sending to it.`,
            'Check the receiver, then turn the endpoint on again in Settings → Webhooks:',
            link,
            '',
            `Les envois vers ${endpoint.url} échouent depuis 3 jours : Vivier a cessé d'y envoyer.`,
            'Vérifiez le destinataire, puis réactivez le webhook dans Paramètres → Webhooks :',
            link,
          ].join('\n'),
        });
      }
      return { sent: admins.length };
    },
  });
}
