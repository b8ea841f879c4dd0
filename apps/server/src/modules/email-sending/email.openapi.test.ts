import { describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from '../../test/harness.ts';

let t: TestApp;
withTestApp((app) => (t = app));

describe('OpenAPI', () => {
  it('documents the template, sending and signature routes, with the provider token header', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/email_templates',
      '/api/email_templates/{id}',
      '/api/job_offers/{id}/emails',
      '/api/job_offers/{id}/emails/preview',
      '/api/candidates/{id}/emails',
      '/api/users/me/signature',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const parameters = doc.paths['/api/users/me/signature'].get.parameters as { name: string; in: string }[];
    expect(parameters).toContainEqual(expect.objectContaining({ name: 'x-provider-token', in: 'header' }));
  });
});
