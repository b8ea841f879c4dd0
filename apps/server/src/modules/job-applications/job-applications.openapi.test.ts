import { describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from '../../test/harness.ts';

let t: TestApp;
withTestApp((app) => (t = app));

describe('OpenAPI', () => {
  it('documents every job application and candidate route of the job offer screen', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const routes: [string, string[]][] = [
      ['/api/job_offers/{id}/job_applications', ['get', 'patch']],
      ['/api/job_applications/{id}', ['patch', 'delete']],
      ['/api/candidates/{id}', ['get', 'patch']],
      ['/api/candidates/{id}/job_applications', ['get']],
      ['/api/candidates/{id}/add_contact', ['patch']],
      ['/api/candidates/{id}/delete_contact', ['patch']],
      ['/api/candidates/{id}/set_primary_contact', ['patch']],
      ['/api/candidates/{candidateId}/tags/{tagId}', ['post', 'delete']],
    ];
    for (const [path, methods] of routes) {
      for (const method of methods) expect(doc.paths, `${method} ${path}`).toHaveProperty([path, method]);
    }
  });
});
