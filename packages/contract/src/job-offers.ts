import { z } from 'zod';
import { embedParam, Id, listQuery } from './common.ts';
import { checkSalary, JobPosting, jobPostingFields } from './job-posting.ts';
import { Company, Tag } from './named-lists.ts';
import { BooleanString, Name, SearchFilter } from './names.ts';

/** Relations a job offer call may embed: `embed[]=company&embed[]=tags&embed[]=user` (or `embed=company,user`). */
const EMBEDS = ['company', 'tags', 'user'] as const;
export const JobOfferEmbed = z.enum(EMBEDS);
export type JobOfferEmbed = z.infer<typeof JobOfferEmbed>;

const embed = embedParam(EMBEDS);

/** The query every job offer call accepts: which relations to embed. */
export const JobOfferEmbedQuery = z.strictObject({ embed });
export type JobOfferEmbedQuery = z.input<typeof JobOfferEmbedQuery>;

/** The manager of a job offer, as embedded with `embed[]=user`. */
export const JobOfferManager = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type JobOfferManager = z.infer<typeof JobOfferManager>;

/** One status of the pipeline with how many of the offer's candidates are in it. */
export const JobOfferStatusSummary = z.object({
  id: z.number(),
  index: z.number(),
  name: z.string(),
  color: z.string(),
  candidates_count: z.number(),
});
export type JobOfferStatusSummary = z.infer<typeof JobOfferStatusSummary>;

/**
 * A job offer as the API answers it (SPEC section 3).
 * - `company` ({id, name} or null) and `tags` (sorted by name) are ALWAYS present, whatever `embed` says
 *   (`embed[]=company` / `embed[]=tags` are accepted and change nothing).
 * - `user` (the manager) is present only with `embed[]=user`; null when the manager's account was deleted.
 * - `assigned_users`: ids of the users assigned to the offer, ascending.
 * - `candidates_count`: all applications of the offer; `summary.statuses`: every status of the licence
 *   sorted by index, with 0 where no candidate is.
 * - `created_at`: ISO 8601.
 * - the posting (issue 23): description, place, workplace, contract, salary, `published` and `public_slug`.
 */
export const JobOffer = z.object({
  id: z.number(),
  name: z.string(),
  company_id: z.number().nullable(),
  company: Company.nullable(),
  user_id: z.number().nullable(),
  user: JobOfferManager.nullable().optional(),
  created_at: z.string(),
  archived: z.boolean(),
  assigned_users: z.array(z.number()),
  tags: z.array(Tag),
  candidates_count: z.number(),
  email_template_id: z.number().nullable(),
  summary: z.object({ statuses: z.array(JobOfferStatusSummary) }),
  ...JobPosting.shape,
});
export type JobOffer = z.infer<typeof JobOffer>;

/**
 * `GET /api/job_offers`: a paginated `listOf(JobOffer)`, 10 per page by default, newest first.
 * - `filters[search]`: the offer's name or its company's name matches, as `SearchFilter` says.
 * - `filters[owned_by_me]=true`: only offers the caller manages (the 'Mine' filter).
 * - `filters[archived]=true|false`: only archived / only active offers; absent means both.
 * Visibility applies (see JobOfferInput).
 */
export const JobOfferListQuery = listQuery(10).extend({
  filters: z
    .strictObject({
      search: SearchFilter.optional(),
      owned_by_me: BooleanString.optional(),
      archived: BooleanString.optional(),
    })
    .optional(),
  embed,
});
export type JobOfferListQuery = z.input<typeof JobOfferListQuery>;

/** An id inside a JSON body: a JSON number, never a string or boolean coerced into one. */
const BodyId = z.number().int().positive().max(2_147_483_647);

const jobOfferFields = {
  name: Name,
  company_id: BodyId.nullable(),
  /** Ids of users of the licence; duplicates are ignored. Replaces the whole list on PATCH. */
  assigned_users: z.array(BodyId).max(200),
  archived: z.boolean(),
  email_template_id: BodyId.nullable(),
};

/** The posting fields, each optional, on POST and PATCH (job-posting.ts). */
const postingInput = Object.fromEntries(
  Object.entries(jobPostingFields).map(([name, schema]) => [name, schema.optional()]),
) as { [K in keyof typeof jobPostingFields]: z.ZodOptional<(typeof jobPostingFields)[K]> };

/**
 * `POST /api/job_offers` body. The caller becomes the manager (`user_id`). Answers 201 with the JobOffer.
 * An unknown or other-licence `company_id`, assigned user or `email_template_id` answers 422
 * `{error: 'invalid_reference', message: 'Company not found'}` (or 'User 12 not found', 'Email template not
 * found') and creates nothing. Unknown keys (e.g. `id`, `company`, `tags`) are ignored.
 *
 * Visibility (`transparency` setting): transparent, every user sees every offer of the licence; opaque, a
 * non-admin sees only offers they manage or are assigned to (others answer 404). Admins see all.
 * PATCH / DELETE / tag attach-detach: the manager, an assigned user, or an admin; another user who can see
 * the offer (transparent mode) gets 403.
 */
export const JobOfferInput = z.strictObject({
  job_offer: z
    .strictObject({
      name: jobOfferFields.name,
      company_id: jobOfferFields.company_id.optional(),
      assigned_users: jobOfferFields.assigned_users.optional(),
      archived: jobOfferFields.archived.optional(),
      email_template_id: jobOfferFields.email_template_id.optional(),
      ...postingInput,
    })
    .superRefine(checkSalary),
});
export type JobOfferInput = z.input<typeof JobOfferInput>;

/** `PATCH /api/job_offers/{id}` body: any subset of the fields; answers 200 with the JobOffer. */
export const JobOfferPatch = z.strictObject({
  job_offer: z
    .strictObject({
      /** Sent by the spec's own client (SPEC section 7: "jobOffer.id, archived") and ignored on purpose. */
      id: z.unknown().optional().describe('Ignored: the path names the job offer'),
      name: jobOfferFields.name.optional(),
      company_id: jobOfferFields.company_id.optional(),
      assigned_users: jobOfferFields.assigned_users.optional(),
      archived: jobOfferFields.archived.optional(),
      email_template_id: jobOfferFields.email_template_id.optional(),
      ...postingInput,
    })
    .superRefine(checkSalary),
});
export type JobOfferPatch = z.input<typeof JobOfferPatch>;

/** The fields of a job offer as the server reads them from a PATCH body: any subset. */
export type JobOfferFields = z.output<typeof JobOfferPatch>['job_offer'];
/** The fields of a new job offer as the server reads them from a POST body: the name and any others. */
export type NewJobOfferFields = z.output<typeof JobOfferInput>['job_offer'];

/**
 * `DELETE /api/job_offers/{id}` answers 204; its job applications are deleted with it, candidates stay.
 * `POST /api/job_offers/{id}/tags/{tagId}` and `DELETE` the same path attach / detach a tag, idempotent,
 * and answer 200 with the JobOffer.
 */
export const JobOfferTagParams = z.object({ id: Id, tagId: Id });
export type JobOfferTagParams = z.infer<typeof JobOfferTagParams>;
