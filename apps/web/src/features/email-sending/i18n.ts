import { registerTexts } from '../../shared/i18n/register-texts';
import { emailSendingFr } from './i18n.fr';

/** Texts of the 'Send email' dialog (issue 11, beyond the spec), added under `emailSending` when the chunk loads (shared/i18n/register-texts.ts). */
export const emailSendingEn = {
  title: 'Send email',
  titleFor: 'Send email: {{name}}',
  loading: 'Preparing the emails…',
  template: 'Email template',
  noTemplate: 'There is no email template yet: create one, then send it.',
  editTemplate: 'Edit email template',
  recipients: '{{count}} recipient(s)',
  noRecipient: 'Nobody to write to: no selected candidate has an email address.',
  readOnly: 'Your level lets you preview messages, not send them.',
  previewFor: 'Preview for',
  subject: 'Subject',
  previewFrame: 'Email to {{name}}',
  skipped: 'Without a valid email address, not sent: {{names}}',
  send: 'Send to {{count}} candidate(s)',
  queued: 'The emails will leave in a moment…',
  sending: 'Sending {{done}} of {{total}}…',
  sent: '{{count}} email(s) sent',
  moved: 'Candidates contacted for the first time moved to "{{status}}".',
  failed: '{{count}} email(s) could not be sent',
  cancel: 'Cancel',
  done: 'Done',
  sendFailed: 'The emails could not be sent',
  previewFailed: 'The emails could not be prepared',
  unnamed: 'Candidate {{id}}',
} as const;

/** Adds these texts to i18next, once: the module that shows them calls it when its lazy chunk loads. */
export const registerEmailSendingTexts = () => registerTexts('emailSending', emailSendingEn, emailSendingFr);
