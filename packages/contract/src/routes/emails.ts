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
import { route } from './route.ts';

/** Email templates (SPEC section 7: GET /email_templates/, POST, PATCH and DELETE /email_templates/{id}). */
export const emailTemplates = {
  list: route(at.emailTemplates.list, {
    query: EmailTemplateListQuery,
    responses: { 200: listOf(EmailTemplate) },
    errors: [],
    tags: ['email templates'],
    summary: "The licence's email templates, a page at a time",
  }),
  get: route(at.emailTemplates.get, {
    params: IdParams,
    responses: { 200: EmailTemplate },
    errors: ['not_found'],
    tags: ['email templates'],
    summary: 'One email template',
  }),
  create: route(at.emailTemplates.create, {
    body: EmailTemplateInput,
    responses: { 201: EmailTemplate },
    errors: ['forbidden'],
    tags: ['email templates'],
    summary: 'Create an email template',
  }),
  update: route(at.emailTemplates.update, {
    params: IdParams,
    body: EmailTemplatePatch,
    responses: { 200: EmailTemplate },
    errors: ['not_found', 'forbidden'],
    tags: ['email templates'],
    summary: 'Change an email template',
  }),
  remove: route(at.emailTemplates.remove, {
    params: IdParams,
    responses: { 204: NoContent },
    errors: ['not_found', 'forbidden'],
    tags: ['email templates'],
    summary: 'Delete an email template',
  }),
};

const tags = ['email sending'];

/** Sending a job offer's email template to its candidates (issue 11). */
export const emailSending = {
  preview: route(at.emailSending.preview, {
    params: IdParams,
    headers: ProviderTokenHeaders,
    body: EmailPreviewBody,
    responses: { 200: EmailPreview },
    errors: ['not_found', 'invalid_reference', 'no_email_template', 'too_many_recipients'],
    tags,
    summary: "One recipient's message as it would leave",
  }),
  send: route(at.emailSending.send, {
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
    tags,
    summary: "Send a job offer's template to candidates (queued)",
  }),
  progress: route(at.emailSending.progress, {
    params: IdParams,
    responses: { 200: EmailSendProgress },
    errors: ['not_found'],
    tags,
    summary: "A send's progress",
  }),
};
