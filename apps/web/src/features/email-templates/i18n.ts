import { registerTexts } from '../../shared/i18n/register-texts';
import { emailTemplatesFr } from './i18n.fr';

/**
 * Texts of the email template modal, added under `emailTemplates` when the chunk loads (shared/i18n/register-texts.ts). Quoted texts of SPEC.md are copied
 * word for word ('sucessfully' included).
 */
export const emailTemplatesEn = {
  title: 'Email template',
  titleFor: 'Email template of {{name}}',
  loading: 'Loading the email templates…',
  template: 'Template',
  none: 'No template is linked to this job offer yet',
  create: 'Create an email template',
  newTemplate: 'New email template',
  name: 'Title',
  newTitle: 'New template title',
  subject: 'Subject',
  content: 'Content',
  variables: 'Variables',
  insertVariable: 'Insert {{name}}',
  delete: 'Delete the template',
  reset: 'Reset',
  save: 'Save',
  saved: 'Email template sucessfully saved',
  deleted: 'Email template sucessfully deleted',
  readOnly: 'Your level lets you read email templates, not change them.',
  variable: {
    first_name: 'First name',
    last_name: 'Last name',
    title: 'Title',
    last_company: 'Last company',
    last_companies_2: 'Last 2 companies',
    last_companies_3: 'Last 3 companies',
    last_school: 'Last school',
    last_school_2: 'Last 2 schools',
    last_school_3: 'Last 3 schools',
    interview_date: 'Interview date',
    interview_time: 'Interview time',
    interview_place: 'Interview place or link',
    interviewers: 'Interviewers',
  },
} as const;

/** Adds these texts to i18next, once: the module that shows them calls it when its lazy chunk loads. */
export const registerEmailTemplateTexts = () =>
  registerTexts('emailTemplates', emailTemplatesEn, emailTemplatesFr);
