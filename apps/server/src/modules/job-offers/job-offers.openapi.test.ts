import { describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from '../../test/harness.ts';

let t: TestApp;
withTestApp((app) => (t = app));

describe('OpenAPI', () => {
  it('documents every job offer, company, tag and status route', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/job_offers',
      '/api/job_offers/{id}',
      '/api/job_offers/{id}/tags/{tagId}',
      '/api/companies',
      '/api/companies/{id}',
      '/api/tags',
      '/api/tags/{id}',
      '/api/statuses',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });
});
