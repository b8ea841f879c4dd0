import { SAVED_SEARCH_ALERT_NAMES_MAX } from '@vivier/contract/constants';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rawRows } from '../../db/raw-rows.ts';
import { scopedSql } from '../../db/tenant-scope.ts';
import { defineJob, type JobKind } from '../../jobs/job-kind.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { type AlertLanguage, alertMailTexts } from './saved-search-alert-texts.ts';

const Id = z.number().int().positive();
const Payload = z.strictObject({
  licenceId: Id,
  notificationId: Id,
  /** The candidates the mail names, in the order they were created: at most SAVED_SEARCH_ALERT_NAMES_MAX. */
  candidateIds: z.array(Id).max(SAVED_SEARCH_ALERT_NAMES_MAX),
  /** How many new candidates matched in all (the mail says "and N more" past the names). */
  total: z.number().int().positive(),
  digest: z.boolean(),
});
export type SavedSearchAlertMailPayload = z.infer<typeof Payload>;
export type SavedSearchAlertMailJob = JobKind<SavedSearchAlertMailPayload>;

/** The candidates screen's address of a saved search's filters, as the web's savedSearchPath writes it. */
export function savedSearchLink(
  publicUrl: string,
  query: { search: string; tags: string[]; inCvs: boolean; source: string | null; legalBasis: string | null },
) {
  const params = new URLSearchParams();
  if (query.search) params.set('filters[search]', query.search);
  for (const element of query.tags) params.append('filters[tags][]', element);
  if (query.inCvs) params.set('filters[in_cvs]', 'true');
  if (query.source) params.set('filters[source]', query.source);
  if (query.legalBasis) params.set('filters[legal_basis]', query.legalBasis);
  const text = params.toString();
  return `${publicUrl}/candidates${text ? `?${text}` : ''}`;
}

const candidateName = sql`coalesce(nullif(trim(coalesce(c.manual_data->>'firstName', c.first_name, '') || ' ' ||
  coalesce(c.manual_data->>'lastName', c.last_name, '')), ''), '#' || c.id)`;

/**
 * A saved search's alert mail (issue 28, decision 209): to the search's owner, in the language they set the
 * alert in, naming the new candidates (each a link to them) and linking to the search. Queued by the alert run
 * in the transaction that records the candidates as alerted; idempotent per notification (`mailed_at`), like
 * the mention mail. A candidate erased since is left out of the names; a search deleted since mails nothing.
 */
export function savedSearchAlertMailJob(deps: {
  mailer: Mailer;
  publicUrl: () => string;
}): SavedSearchAlertMailJob {
  return defineJob({
    name: 'saved_searches.alert_mail',
    payload: Payload,
    maxAttempts: 5,
    async run({ licenceId, notificationId, candidateIds, total, digest }, { db }) {
      const [row] = await rawRows<{
        email: string;
        name: string;
        language: string;
        search: string;
        tags: string[];
        in_cvs: boolean;
        source: string | null;
        legal_basis: string | null;
        mailed: boolean;
      }>(
        db,
        sql`select u.email, s.name, s.alert_language as language, s.search, s.tags, s.in_cvs, s.source,
              s.legal_basis, x.mailed_at is not null as mailed
            from notifications x
            join saved_searches s on s.id = x.saved_search_id and s.licence_id = x.licence_id
            join users u on u.id = x.user_id and u.licence_id = x.licence_id
            where ${scopedSql('x', licenceId)} and x.id = ${notificationId}`,
      );
      if (!row || row.mailed) return { sent: false };
      const ids = `{${candidateIds.join(',')}}`;
      const named = await rawRows<{ id: number; name: string }>(
        db,
        sql`select c.id, ${candidateName} as name from candidates c
            where ${scopedSql('c', licenceId)} and c.id = any(${ids}::int[]) and c.erased_at is null`,
      );
      const byId = new Map(named.map((c) => [Number(c.id), c.name]));
      const publicUrl = deps.publicUrl();
      const listed = candidateIds.flatMap((id) => {
        const name = byId.get(id);
        return name === undefined ? [] : [{ name, link: `${publicUrl}/candidates?candidate=${id}` }];
      });
      const texts = alertMailTexts((row.language === 'fr' ? 'fr' : 'en') satisfies AlertLanguage);
      const searchLink = savedSearchLink(publicUrl, {
        search: row.search,
        tags: row.tags,
        inCvs: row.in_cvs,
        source: row.source,
        legalBasis: row.legal_basis,
      });
      const more = total - listed.length;
      const html = [
        `<p>${escapeHtml(texts.intro(total, row.name, digest))}</p>`,
        `<ul>${listed.map((c) => `<li><a href="${escapeHtml(c.link)}">${escapeHtml(c.name)}</a></li>`).join('')}</ul>`,
        more > 0 ? `<p>${escapeHtml(texts.more(more))}</p>` : '',
        `<p><a href="${escapeHtml(searchLink)}">${escapeHtml(texts.open)}</a></p>`,
        `<p style="color:#555">${escapeHtml(texts.why)}</p>`,
      ].join('\n');
      const text = [
        texts.intro(total, row.name, digest),
        '',
        ...listed.map((c) => `- ${c.name}: ${c.link}`),
        ...(more > 0 ? ['', texts.more(more)] : []),
        '',
        `${texts.open}: ${searchLink}`,
        '',
        texts.why,
      ].join('\n');
      await deps.mailer.send({ to: row.email, subject: texts.subject(total, row.name, digest), text, html });
      await db.execute(
        sql`update notifications x set mailed_at = now() where ${scopedSql('x', licenceId)} and x.id = ${notificationId}`,
      );
      return { sent: true };
    },
  });
}
