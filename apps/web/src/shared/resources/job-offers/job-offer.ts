import type {
  JobOfferInput,
  JobOfferCopyResult as WireCopyResult,
  JobOffer as WireJobOffer,
  JobOfferStatusSummary as WireStatusSummary,
} from '@vivier/contract';
import type { Camelize } from '../../api/case';

/** A job offer as the app sees it (SPEC section 3). */
export type JobOffer = Camelize<WireJobOffer>;
export type JobOfferStatusSummary = Camelize<WireStatusSummary>;

/**
 * The fields the offer form edits (SPEC section 3), as the contract's POST body has them, camelCased; the form
 * always sends all three. The creator becomes the manager.
 */
export type JobOfferFields = Camelize<
  Required<Pick<JobOfferInput['job_offer'], 'name' | 'company_id' | 'assigned_users'>>
>;

/** What a copy of candidates answers: the destination offer and how many were copied. */
export type JobOfferCopyResult = Camelize<WireCopyResult>;

/** The relations every job offer call asks for: company, tags, manager (so every read shares one entry). */
export const JOB_OFFER_EMBED = ['company', 'tags', 'user'];
