import { IdParams, listOf, NoContent } from '../common.ts';
import {
  EmailPreview,
  EmailPreviewBody,
  EmailSendProgress,
  EmailSendStarted,
  SendEmailsBody,
} from '../email-sending.ts';
import { EmailTemplate, EmailTemplateInput, EmailTemplateListQuery, EmailTemplatePatch } from '../email-templates.ts';
import { ProviderTokenHeaders } from '../signature.ts';
import { route } from './route.ts';

/** Email templates (SPEC section 7: GET /email_templates/, POST, PATCH and DELETE /email_templates/{id}). */
export const emailTemplates = {
  list: route({
    method: 'GET',
    path: '/email_templates',
    service: 'main',
    access: 'authenticated',
    query: EmailTemplateListQuery,
    responses: { 200: listOf(EmailTemplate) },
    errors: [],
    tags: ['email templates'],
    summary: "The licence's email templates, a page at a time",
  }),
  get: route({
    method: 'GET',
    path: '/email_templates/:id',
    service: 'main',
    access: 'authenticated',
    params: IdParams,
    responses: { 200: EmailTemplate },
    errors: ['not_found'],
    tags: ['email templates'],
    summary: 'One email template',
  }),
  create: route({
    method: 'POST',
    path: '/email_templates',
    service: 'main',
    access: 'authenticated',
    body: EmailTemplateInput,
    responses: { 201: EmailTemplate },
    errors: ['forbidden'],
    tags: ['email templates'],
    summary: 'Create an email template',
  }),
  update: route({
    method: 'PATCH',
    path: '/email_templates/:id',
    service: 'main',
    access: 'authenticated',
    params: IdParams,
    body: EmailTemplatePatch,
    responses: { 200: EmailTemplate },
    errors: ['not_found', 'forbidden'],
    tags: ['email templates'],
    summary: 'Change an email template',
  }),
  remove: route({
    method: 'DELETE',
    path: '/email_templates/:id',
    service: 'main',
    access: 'authenticated',
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
  preview: route({
    method: 'POST',
    path: '/job_offers/:id/emails/preview',
    service: 'main',
    access: 'authenticated',
    params: IdParams,
    headers: ProviderTokenHeaders,
    body: EmailPreviewBody,
    responses: { 200: EmailPreview },
    errors: ['not_found', 'invalid_reference', 'no_email_template', 'too_many_recipients'],
    tags,
    summary: "One recipient's message as it would leave",
  }),
  send: route({
    method: 'POST',
    path: '/job_offers/:id/emails',
    service: 'main',
    access: 'authenticated',
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
  progress: route({
    method: 'GET',
    path: '/email_sends/:id',
    service: 'main',
    access: 'authenticated',
    params: IdParams,
    responses: { 200: EmailSendProgress },
    errors: ['not_found'],
    tags,
    summary: "A send's progress",
  }),
};
