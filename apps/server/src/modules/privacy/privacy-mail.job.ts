import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rawRows } from '../../db/raw-rows.ts';
import { scopedSql } from '../../db/tenant-scope.ts';
import { defineJob, type JobKind } from '../../jobs/job-kind.ts';
import type { Mailer } from '../../mail/mailer.ts';

/** How long a mailed confirmation link holds: a day. */
export const LINK_TTL_HOURS = 24;

/** The SHA-256 (hex) of a link's token: what the table keeps. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const Id = z.number().int().positive();
const Payload = z.strictObject({
  licenceId: Id,
  requestId: Id,
  lang: z.enum(['en', 'fr']),
  /** The address the person typed, which is one the candidate's record holds (checked before queueing). */
  to: z.string().min(3).max(320),
});
export type PrivacyMailPayload = z.infer<typeof Payload>;

const TEXTS = {
  en: {
    subject: (org: string) => `${org}: confirm your request about your personal data`,
    body: (org: string, kind: string, link: string, hours: number) =>
      [
        `Someone, probably you, asked ${org} for ${kind} of the personal data it holds about you.`,
        '',
        `To confirm this request, open this link within ${hours} hours and press the button on the page:`,
        link,
        '',
        'If you did not ask for this, ignore this message: nothing will happen.',
      ].join('\n'),
    access: 'a copy',
    erasure: 'the erasure',
  },
  fr: {
    subject: (org: string) => `${org} : confirmez votre demande sur vos données personnelles`,
    body: (org: string, kind: string, link: string, hours: number) =>
      [
        `Quelqu’un, sans doute vous, a demandé à ${org} ${kind} des données personnelles qu’elle détient sur vous.`,
        '',
        `Pour confirmer cette demande, ouvrez ce lien dans les ${hours} heures et appuyez sur le bouton de la page :`,
        link,
        '',
        'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : rien ne se passera.',
      ].join('\n'),
    access: 'une copie',
    erasure: 'l’effacement',
  },
};

/** The address part of `MAIL_FROM` (`Name <a@b>` or `a@b`), sent under the organisation's name. */
const addressOf = (from: string) => /<([^<>@\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * The mail that confirms a request from the careers site (issue 24, decision 194), on the durable queue. The
 * token is made when the mail leaves, never stored in the queue: the request keeps its SHA-256 and a new expiry.
 * A retry after a send that did not complete makes a new link and the first one stops working (at least once,
 * like every queued mail; the last link mailed is the good one).
 */
export function privacyMailJob(deps: {
  mailer: Mailer;
  config: { mailFrom: string };
  publicUrl: () => string;
}): JobKind<PrivacyMailPayload> {
  return defineJob({
    name: 'privacy.confirmation_mail',
    payload: Payload,
    maxAttempts: 5,
    async run({ licenceId, requestId, lang, to }, { db }) {
      const token = randomBytes(32).toString('base64url');
      const [row] = await rawRows<{ kind: 'access' | 'erasure'; organisation: string; slug: string }>(
        db,
        sql`update privacy_requests r set token_hash = ${tokenHash(token)},
              token_expires_at = now() + make_interval(hours => ${LINK_TTL_HOURS})
            from licences l, careers_sites s
            where ${scopedSql('r', licenceId)} and r.id = ${requestId} and r.state = 'unconfirmed'
              and l.id = r.licence_id and s.licence_id = r.licence_id
            returning r.kind, l.name as organisation, s.slug`,
      );
      if (!row) return { sent: false }; // confirmed, erased or the site gone since
      const t = TEXTS[lang];
      const link = `${deps.publicUrl()}/careers/${encodeURIComponent(row.slug)}/privacy/confirm/${token}?lang=${lang}`;
      await deps.mailer.send({
        to,
        from: { name: row.organisation, address: addressOf(deps.config.mailFrom) },
        subject: t.subject(row.organisation).replace(/[\r\n]+/g, ' '),
        text: t.body(row.organisation, t[row.kind], link, LINK_TTL_HOURS),
      });
      return { sent: true };
    },
  });
}
