import type { JobOffer, JobOfferEmbed } from '@vivier/contract';
import type { JobOfferRow } from './job-offers.queries.ts';

/**
 * The job offer as the API shows it (SPEC section 3). `summary.statuses` lists every status of the
 * licence's pipeline in order, with 0 where the offer has no candidate; `user` only when embedded.
 */
export function presentJobOffer(row: JobOfferRow, embed: JobOfferEmbed[]): JobOffer {
  const counts = new Map<number | null, number>(row.countsByStatus);
  let candidatesCount = 0;
  for (const n of counts.values()) candidatesCount += n;
  return {
    id: row.id,
    name: row.name,
    company_id: row.companyId,
    company:
      row.companyId !== null && row.companyName !== null
        ? { id: row.companyId, name: row.companyName }
        : null,
    user_id: row.userId,
    ...(embed.includes('user')
      ? {
          user:
            row.managerId === null
              ? null
              : {
                  id: row.managerId,
                  first_name: row.managerFirstName ?? '',
                  last_name: row.managerLastName ?? '',
                  email: row.managerEmail ?? '',
                },
        }
      : {}),
    created_at: row.createdAt.toISOString(),
    archived: row.archived,
    assigned_users: row.assignedUsers,
    tags: row.tags,
    candidates_count: candidatesCount,
    email_template_id: row.emailTemplateId,
    description: row.description,
    city: row.city,
    country: row.country,
    workplace: row.workplace,
    contract_type: row.contractType,
    salary_min: row.salaryMin,
    salary_max: row.salaryMax,
    salary_currency: row.salaryCurrency,
    published: row.published,
    public_slug: row.publicSlug,
    published_at: row.publishedAt?.toISOString() ?? null,
    summary: {
      statuses: row.pipeline.map((s) => ({
        id: s.id,
        index: s.index,
        name: s.name,
        color: s.color,
        candidates_count: counts.get(s.id) ?? 0,
      })),
    },
  };
}
