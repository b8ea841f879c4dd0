import { z } from 'zod';
import { Id, listQuery } from './common.ts';
import { RichText } from './email-templates.ts';

const BodyId = z.number().int().positive().max(2_147_483_647);
const noNul = (v: string) => !v.includes('\u0000');

/**
 * What can happen to a candidate (issue 21, docs/decisions/171-candidate-activity.md). Each event's `data`
 * says what the timeline shows of it:
 * - `status_changed`: `{from: {id, name} | null, to: {id, name}, offer: {id, name}, via: 'move' | 'bulk' |
 *   'export' | 'email' | 'status_deleted' (the status it was in was deleted), reason?: {id, name} | null, reason_text?: string}`
 * - `application_created` / `application_deleted`: `{offer: {id, name}, status?: {id, name} | null}`; an
 *   application from the careers site adds `via: 'careers', source` (decision 191)
 * - `application_copied`: `{from: {id, name}, to: {id, name}}` (on the new application)
 * - `exported`: `{offer: {id, name}}`
 * - `email_sent`: `{subject, template: {id, name} | null, email_id, to}` (the body: `GET /candidates/{id}/emails/{email_id}`)
 * - `tag_added` / `tag_removed`: `{tag: {id, name}}`
 * - `contact_added` / `contact_removed` / `contact_made_primary`: `{type: 'email' | 'phone', value}`
 * - `profile_edited`: `{changes: [{field, before, after}]}`
 * - `imported`: `{file}`;  `created`: `{how: 'form' | 'import' | 'cv' | 'careers', file?}` (cv: created from a CV,
 *   decision 188; careers: an applicant of the careers site, decision 191)
 * - `interview_scheduled` / `interview_rescheduled` / `interview_cancelled`: `{interview_id, starts_at, time_zone,
 *   kind, offer: {id, name}}` (issue 27, decision 202)
 * - `interview_answered`: the candidate's answer on the public page, `{interview_id, starts_at, time_zone, answer:
 *   'accepted' | 'declined' | 'proposed', note}` (actor null: the candidate)
 * - `scorecard_submitted`: `{interview_id, rating}` (1 strong no … 4 strong yes)
 */
export const CANDIDATE_EVENT_KINDS = [
  'created',
  'imported',
  'profile_edited',
  'status_changed',
  'application_created',
  'application_deleted',
  'application_copied',
  'exported',
  'email_sent',
  'tag_added',
  'tag_removed',
  'contact_added',
  'contact_removed',
  'contact_made_primary',
  'interview_scheduled',
  'interview_rescheduled',
  'interview_cancelled',
  'interview_answered',
  'scorecard_submitted',
] as const;
export const CandidateEventKind = z.enum(CANDIDATE_EVENT_KINDS);
export type CandidateEventKind = z.infer<typeof CandidateEventKind>;

/** A user as the activity names them; null once deleted. */
export const ActivityUser = z.object({ id: z.number(), name: z.string() });
export type ActivityUser = z.infer<typeof ActivityUser>;

/** One event of a candidate's timeline. */
export const CandidateEvent = z.object({
  id: z.number(),
  kind: CandidateEventKind,
  created_at: z.string(),
  actor: ActivityUser.nullable(),
  job_application_id: z.number().nullable(),
  job_offer_id: z.number().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type CandidateEvent = z.infer<typeof CandidateEvent>;

const kinds = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(','))))
  .pipe(z.array(CandidateEventKind));

/**
 * `GET /api/candidates/{id}/timeline?before=&kind=&job_application_id=&per_page=`: newest first, `per_page`
 * (default 50, at most 100) events with an id below `before`; `next_before` is the cursor of the next page,
 * null on the last one.
 */
export const TimelineQuery = z.strictObject({
  before: Id.optional(),
  kind: kinds,
  job_application_id: Id.optional(),
  per_page: z.coerce.number().int().min(1).max(100).optional().default(50),
});
export type TimelineQuery = z.input<typeof TimelineQuery>;

export const TimelinePage = z.object({ data: z.array(CandidateEvent), next_before: z.number().nullable() });
export type TimelinePage = z.infer<typeof TimelinePage>;

/** A note on a candidate (issue 21): sanitised HTML, the users it mentions. */
export const Note = z.object({
  id: z.number(),
  candidate_id: z.number(),
  job_application_id: z.number().nullable(),
  author: ActivityUser.nullable(),
  content: z.string(),
  mentions: z.array(z.number()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Note = z.infer<typeof Note>;

/** `GET /api/candidates/{id}/notes`: newest first, 20 per page by default; `job_application_id` narrows. */
export const NoteListQuery = listQuery(20).extend({ job_application_id: Id.optional() });
export type NoteListQuery = z.input<typeof NoteListQuery>;

/**
 * `POST /api/candidates/{id}/notes`: `{content, job_application_id?}`. The content is sanitised like a
 * template's; the users its mention nodes name (`<span data-type="mention" data-id="7">`) must be users of the
 * licence (422 otherwise), each gets a notification and an email.
 */
export const NoteInput = z.strictObject({
  content: RichText.refine((v) => v.trim().length > 0, { error: 'must not be empty' }),
  job_application_id: BodyId.optional(),
});
export type NoteInput = z.input<typeof NoteInput>;

/** `PATCH /api/notes/{id}` (the author or an admin): the new content; newly mentioned users are notified. */
export const NotePatch = z.strictObject({
  content: RichText.refine((v) => v.trim().length > 0, { error: 'must not be empty' }),
});
export type NotePatch = z.input<typeof NotePatch>;

/** An in-app notification: a mention in a note, an application through the careers site, an interview's answer, a saved search's alert. */
export const Notification = z.object({
  id: z.number(),
  /** `mention`: the user was named in a note; `application`: someone applied to an offer of theirs (issue 23). */
  kind: z.enum(['mention', 'application', 'interview_answer', 'saved_search']),
  created_at: z.string(),
  read_at: z.string().nullable(),
  actor: ActivityUser.nullable(),
  candidate: z.object({ id: z.number(), name: z.string() }),
  note_id: z.number().nullable(),
  /** The offer applied to (kind `application`), null for a mention. */
  job_offer: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The interview the candidate answered (kind `interview_answer`, issue 27), null otherwise. */
  interview: z
    .object({ id: z.number(), starts_at: z.string(), answer: z.enum(['accepted', 'declined', 'proposed']) })
    .nullable()
    .optional(),
  /**
   * The saved search whose alert this is (kind `saved_search`, issue 28): `candidate` is the first of the
   * `count` new candidates matching it; `query` is the search's, to open it.
   */
  saved_search: z
    .object({
      id: z.number(),
      name: z.string(),
      count: z.number(),
      query: z.object({
        search: z.string(),
        tags: z.array(z.string()),
        in_cvs: z.boolean(),
        source: z.string(),
        legal_basis: z.string(),
      }),
    })
    .nullable()
    .optional(),
});
export type Notification = z.infer<typeof Notification>;

/** `GET /api/notifications`: the caller's, newest first, with how many are unread. */
export const NotificationListQuery = listQuery(20).extend({
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type NotificationListQuery = z.input<typeof NotificationListQuery>;
export const NotificationList = z.object({
  data: z.array(Notification),
  total_count: z.number(),
  unread_count: z.number(),
});
export type NotificationList = z.infer<typeof NotificationList>;

export const NotificationsRead = z.object({ updated: z.number(), unread_count: z.number() });
export type NotificationsRead = z.infer<typeof NotificationsRead>;

export const REJECTION_REASONS_MAX = 20;
const ReasonName = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(100, { error: 'must be at most 100 characters' })
  .refine(noNul, { error: 'must not contain a NUL character' });

/** A reason for moving a candidate to a rejected status; the licence's list is short and ordered. */
export const RejectionReason = z.object({ id: z.number(), name: z.string() });
export type RejectionReason = z.infer<typeof RejectionReason>;

/**
 * `PUT /api/rejection_reasons` (admins): the whole list, in order. An entry with the `id` of an existing reason
 * renames it (events keep the name they were written with); reasons left out are removed.
 */
export const RejectionReasonsInput = z.strictObject({
  reasons: z
    .array(z.strictObject({ id: BodyId.optional(), name: ReasonName }))
    .max(REJECTION_REASONS_MAX, { error: `must hold at most ${REJECTION_REASONS_MAX} reasons` }),
});
export type RejectionReasonsInput = z.input<typeof RejectionReasonsInput>;

/**
 * Why an application moves to a rejected status: one of the licence's reasons, free text, or both; a move to
 * a status marked rejected without either answers 422 `rejection_reason_required`.
 */
export const RejectionInput = z.strictObject({
  reason_id: BodyId.optional(),
  text: z
    .string()
    .trim()
    .max(500, { error: 'must be at most 500 characters' })
    .refine(noNul, { error: 'must not contain a NUL character' })
    .optional(),
});
export type RejectionInput = z.input<typeof RejectionInput>;
