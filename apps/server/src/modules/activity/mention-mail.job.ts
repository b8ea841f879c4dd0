import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rawRows } from '../../db/raw-rows.ts';
import { scopedSql } from '../../db/tenant-scope.ts';
import { defineJob, type JobKind } from '../../jobs/job-kind.ts';
import { richText } from '../../lib/rich-text-thread.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { userNameSql } from './activity-user.ts';

const Payload = z.strictObject({
  notificationId: z.number().int().positive(),
  licenceId: z.number().int().positive(),
});
export type MentionMailJob = JobKind<z.infer<typeof Payload>>;

/** Where a mention mail links to: the candidate in its offer's pipeline when the note is about one, else the database. */
export const candidateLink = (publicUrl: string, candidateId: number, jobOfferId: number | null) =>
  jobOfferId === null
    ? `${publicUrl}/candidates?candidate=${candidateId}`
    : `${publicUrl}/jobs/${jobOfferId}?candidate=${candidateId}`;

/**
 * The mail a mention sends (issue 21, decision 171): one job per notification on the durable queue, through the
 * same mailer as every other mail. Idempotent: a notification already mailed (`mailed_at`) is not mailed again,
 * and one whose note or user is gone is dropped. A crash between the send and `mailed_at` sends it once more.
 */
export function mentionMailJob(deps: { mailer: Mailer; publicUrl: () => string }): MentionMailJob {
  return defineJob({
    name: 'activity.mention_mail',
    payload: Payload,
    maxAttempts: 5,
    async run({ notificationId, licenceId }, { db }) {
      const [row] = await rawRows<{
        email: string;
        actor_name: string | null;
        candidate_id: number;
        candidate_name: string;
        content: string | null;
        job_offer_id: number | null;
        mailed: boolean;
      }>(
        db,
        sql`select u.email, ${userNameSql('a')} as actor_name, c.id as candidate_id,
              coalesce(nullif(trim(coalesce(c.manual_data->>'firstName', c.first_name, '') || ' ' ||
                coalesce(c.manual_data->>'lastName', c.last_name, '')), ''), '#' || c.id) as candidate_name,
              n.content, ja.job_offer_id, x.mailed_at is not null as mailed
            from notifications x
            join users u on u.id = x.user_id
            join candidates c on c.id = x.candidate_id
            left join users a on a.id = x.actor_id
            left join candidate_notes n on n.id = x.note_id
            left join job_applications ja on ja.id = n.job_application_id
            where ${scopedSql('x', licenceId)} and x.id = ${notificationId}`,
      );
      if (!row || row.mailed || row.content === null) return { sent: false };
      const link = candidateLink(
        deps.publicUrl(),
        Number(row.candidate_id),
        row.job_offer_id === null ? null : Number(row.job_offer_id),
      );
      const who = row.actor_name ?? 'Someone';
      const excerpt = (await richText.toPlain(row.content)).slice(0, 1000);
      await deps.mailer.send({
        to: row.email,
        subject: `Vivier: ${who} mentioned you about ${row.candidate_name} / ${who} vous a mentionné·e`,
        text: [
          `${who} mentioned you in a note about ${row.candidate_name}:`,
          '',
          excerpt,
          '',
          link,
          '',
          `${who} vous a mentionné·e dans une note sur ${row.candidate_name} :`,
          link,
        ].join('\n'),
      });
      await db.execute(
        sql`update notifications x set mailed_at = now() where ${scopedSql('x', licenceId)} and x.id = ${notificationId}`,
      );
      return { sent: true };
    },
  });
}
