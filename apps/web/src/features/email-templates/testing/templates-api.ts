import type { EmailTemplate, JobOffer } from '@vivier/contract';
import { fakeApi, listAnswer } from '../../../test/fake-api';
import { jsonResponse, wireJobOffer, wireUser } from '../../../test/fixtures';

/** A template as the API answers it. */
export const wireTemplate = (overrides: Partial<EmailTemplate> = {}): EmailTemplate => ({
  id: 1,
  name: 'First contact',
  subject: 'Hello [:first_name:]',
  content: '<p>Dear [:first_name:],</p>',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** Job offer 5 as the API answers it, with the template linked to it. */
export const wireOffer = (emailTemplateId: number | null): JobOffer =>
  wireJobOffer({
    id: 5,
    company_id: null,
    company: null,
    email_template_id: emailTemplateId,
    candidates_count: 0,
    summary: { statuses: [] },
  });

/**
 * The calls of the email template modal, answered from an in-memory list like the server would; `viewer` is
 * who `GET /users/me` says is looking (a manager-level user by default).
 */
export function templatesApi(
  initial: EmailTemplate[],
  linked: number | null,
  viewer: Record<string, unknown> = { role: 'user', level: 'manager' },
) {
  let templates = [...initial];
  let offer = wireOffer(linked);
  let nextId = 100;
  const sorted = () => [...templates].sort((a, b) => a.name.localeCompare(b.name));
  return fakeApi({
    'GET /api/users/me': () => jsonResponse(wireUser(viewer)),
    'GET /api/email_templates/': () => listAnswer(sorted()),
    'GET /api/job_offers/:id': () => jsonResponse(offer),
    'PATCH /api/job_offers/:id': ({ body }) => {
      const patch = (body as { job_offer: { email_template_id: number | null } }).job_offer;
      offer = { ...offer, email_template_id: patch.email_template_id };
      return jsonResponse(offer);
    },
    'POST /api/email_templates': ({ body }) => {
      const created = wireTemplate({ ...(body as Partial<EmailTemplate>), id: nextId++ });
      templates.push(created);
      return jsonResponse(created, 201);
    },
    'PATCH /api/email_templates/:id': ({ path, body }) => {
      const id = Number(path.split('/').pop());
      templates = templates.map((t) => (t.id === id ? { ...t, ...(body as Partial<EmailTemplate>) } : t));
      return jsonResponse(templates.find((t) => t.id === id));
    },
    'DELETE /api/email_templates/:id': ({ path }) => {
      const id = Number(path.split('/').pop());
      templates = templates.filter((t) => t.id !== id);
      if (offer.email_template_id === id) offer = { ...offer, email_template_id: null };
      return new Response(null, { status: 204 });
    },
  });
}
