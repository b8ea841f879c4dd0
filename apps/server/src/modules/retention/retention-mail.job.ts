import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { scopedSql } from '../../db/tenant-scope.ts';
import { defineJob, type JobKind } from '../../jobs/job-kind.ts';
import { hashToken, newSecretToken } from '../../lib/secret-token.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { NOTICE_DAYS } from './retention.queries.ts';

const Id = z.number().int().positive();
const NoticeMailPayload = z.strictObject({ licenceId: Id, noticeId: Id });
export type RetentionMailJob = JobKind<z.infer<typeof NoticeMailPayload>>;

/** The keep page's address for a token (modules/careers/keep.routes.ts): no slug, a licence may have no site. */
export const keepLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/careers/-/keep/${encodeURIComponent(token)}`;

/** The address part of `MAIL_FROM` (`Name <a@b>` or `a@b`), sent under the organisation's name. */
const addressOf = (from: string) => /<([^<>@\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim();

const dateIn = (lang: 'en' | 'fr', at: Date) =>
  new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    at,
  );

/** The notice's text, both languages in one mail: Vivier does not know which one the candidate reads. */
export function noticeText(organisation: string, link: string, eraseAt: Date) {
  return [
    `Hello,`,
    ``,
    `${organisation} keeps your application data in its recruitment software. Without news from you, it will be`,
    `erased on ${dateIn('en', eraseAt)}. To let ${organisation} keep it for another period, open this link:`,
    link,
    `Nothing to do if you would rather it were erased.`,
    ``,
    `---`,
    ``,
    `Bonjour,`,
    ``,
    `${organisation} conserve vos données de candidature dans son logiciel de recrutement. Sans nouvelle de votre`,
    `part, elles seront effacées le ${dateIn('fr', eraseAt)}. Pour que ${organisation} les garde une période de`,
    `plus, ouvrez ce lien :`,
    link,
    `Rien à faire si vous préférez qu'elles soient effacées.`,
  ].join('\n');
}

/**
 * The retention notice's mail (issue 24, decision 195), a job queued in the run that recorded the notice. The
 * link's token is made here and only its hash kept: a run of this job after a crash mails a new link, and the
 * first one stops working (at least once, like every queued mail). A notice answered or gone sends nothing.
 */
export function retentionMailJob(deps: {
  mailer: Mailer;
  config: { mailFrom: string };
  publicUrl: () => string;
}): RetentionMailJob {
  return defineJob({
    name: 'retention.notice_mail',
    payload: NoticeMailPayload,
    maxAttempts: 5,
    async run({ licenceId, noticeId }, { db }) {
      const token = newSecretToken();
      const row = await armNotice(db, licenceId, noticeId, hashToken(token));
      if (!row) return { sent: false };
      await deps.mailer.send({
        to: row.email,
        from: { name: row.organisation, address: addressOf(deps.config.mailFrom) },
        subject: `${row.organisation}: keep your data? / Conserver vos données ?`,
        text: noticeText(row.organisation, keepLink(deps.publicUrl(), token), new Date(row.erase_at)),
      });
      return { sent: true };
    },
  });
}

/** Sets the notice's token hash and answers where to mail it, unless it was answered or its candidate left. */
async function armNotice(db: Db, licenceId: number, noticeId: number, tokenHash: string) {
  const [row] = await rawRows<{ email: string | null; organisation: string; erase_at: string | Date }>(
    db,
    sql`update retention_notices n set token_hash = ${tokenHash}, mailed_at = now()
        from licences l
        where ${scopedSql('n', licenceId)} and n.id = ${noticeId} and n.answered_at is null and l.id = n.licence_id
        returning l.name as organisation,
          greatest(n.due_at, n.created_at + make_interval(secs => ${NOTICE_DAYS * 86_400})) as erase_at,
          (select cc.value from candidate_contacts cc
           where cc.candidate_id = n.candidate_id and cc.kind = 'email' and cc.deleted_at is null
           order by cc.is_primary desc, cc.created_at, cc.id limit 1) as email`,
  );
  return row?.email ? { ...row, email: row.email } : undefined;
}
