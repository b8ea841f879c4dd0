import { IdParams, listOf, NoContent } from '../common.ts';
import {
  EmailPreview,
  EmailPreviewBody,
  EmailSendProgress,
  EmailSendStarted,
  SendEmailsBody,
} from '../email-sending.ts';
import {
  EmailTemplate,
  EmailTemplateInput,
  EmailTemplateListQuery,
  EmailTemplatePatch,
} from '../email-templates.ts';
import { ProviderTokenHeaders } from '../signature.ts';
import { addresses as at } from './addresses.ts';
import { group } from './route.ts';

/** Email templates (SPEC section 7: GET /email_templates/, POST, PATCH and DELETE /email_templates/{id}). */
export const emailTemplates = group(at.emailTemplates, ['email templates'], {
  list: {
    query: EmailTemplateListQuery,
    responses: { 200: listOf(EmailTemplate) },
    summary: "The licence's email templates, a page at a time",
  },
  get: {
    params: IdParams,
    responses: { 200: EmailTemplate },
    errors: ['not_found'],
    summary: 'One email template',
  },
  create: {
    body: EmailTemplateInput,
    responses: { 201: EmailTemplate },
    errors: ['forbidden'],
    summary: 'Create an email template',
  },
  update: {
    params: IdParams,
    body: EmailTemplatePatch,
    responses: { 200: EmailTemplate },
    errors: ['not_found', 'forbidden'],
    summary: 'Change an email template',
  },
  remove: {
    params: IdParams,
    responses: { 204: NoContent },
    errors: ['not_found', 'forbidden'],
    summary: 'Delete an email template',
  },
});

/** Sending a job offer's email template to its candidates (issue 11). */
export const emailSending = group(at.emailSending, ['email sending'], {
  preview: {
    params: IdParams,
    headers: ProviderTokenHeaders,
    body: EmailPreviewBody,
    responses: { 200: EmailPreview },
    errors: ['not_found', 'invalid_reference', 'no_email_template', 'too_many_recipients'],
    summary: "One recipient's message as it would leave",
  },
  send: {
    params: IdParams,
    headers: ProviderTokenHeaders,
    body: SendEmailsBody,
    responses: { 202: EmailSendStarted },
    errors: [
      'not_found',
      'forbidden',
      'invalid_reference',
      'no_email_template',
      'too_many_recipients',
      'send_limit_reached',
    ],
    summary: "Send a job offer's template to candidates (queued)",
  },
  progress: {
    params: IdParams,
    responses: { 200: EmailSendProgress },
    errors: ['not_found'],
    summary: "A send's progress",
  },
});
