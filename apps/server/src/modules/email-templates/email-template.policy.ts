import type { Db } from '../../db/database.ts';
import { forbidden, notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { canEditJobOffer } from '../job-offers/job-offer.policy.ts';
import { jobOffersUsingTemplate } from '../job-offers/job-offers.queries.ts';
import { findEmailTemplate } from './email-templates.queries.ts';

/** The 'Other' level reads templates and changes none (docs/decisions/090-user-levels.md). */
const READ_ONLY = 'Your level lets you read email templates, not change them';

/** Who may create an email template: an admin, or a user of the 'manager' level (decision 090). */
export function assertCanCreateEmailTemplate(caller: Caller) {
  if (caller.role !== 'admin' && caller.level === 'other') throw forbidden(READ_ONLY);
}

/**
 * Who may change or delete a template of the licence (404 for a missing or another licence's one): an admin, or
 * a manager-level user who may change every job offer linked to it, since what those offers send changes with
 * it (decision 090). Another user's template linked to no offer is shared, as decision 080 has it.
 */
export async function assertCanChangeEmailTemplate(db: Db, caller: Caller, templateId: number) {
  if (!(await findEmailTemplate(db, caller.licenceId, templateId))) throw notFound('Email template');
  assertCanCreateEmailTemplate(caller);
  if (caller.role === 'admin') return;
  const linked = await jobOffersUsingTemplate(db, caller.licenceId, templateId);
  if (linked.some((offer) => !canEditJobOffer(caller, offer))) {
    throw forbidden('This template is linked to a job offer you cannot change');
  }
}
