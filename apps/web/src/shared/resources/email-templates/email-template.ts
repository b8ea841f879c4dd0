import type { EmailTemplate as WireEmailTemplate } from '@vivier/contract';
import type { Camelize } from '../../api/case';
import type { JobOffer } from '../job-offers/job-offer';

/** An email template of the licence (SPEC section 3), as the app sees it. */
export type EmailTemplate = Camelize<WireEmailTemplate>;

/** The job offer whose template is edited or sent. */
export type TemplatedJobOffer = JobOffer;

/** Cache keys of email templates and of the offers' link to them. */
export const emailTemplateKeys = {
  all: ['email-templates'] as const,
  list: () => [...emailTemplateKeys.all, 'list'] as const,
  jobOffer: (jobOfferId: number) => [...emailTemplateKeys.all, 'job-offer', jobOfferId] as const,
};
