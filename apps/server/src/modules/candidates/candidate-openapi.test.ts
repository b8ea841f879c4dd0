import { describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from '../../test/harness.ts';

// The candidate database's routes are documented from the same zod schemas that validate them.
let t: TestApp;
withTestApp((app) => (t = app));

describe('OpenAPI document', () => {
  it('documents search, by ids, create, import and bulk create', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const paths = doc.paths as Record<string, Record<string, { parameters?: { name: string }[] }>>;
    expect(paths['/api/candidates/search']?.get?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'per_page']),
    );
    expect(paths['/api/candidates']?.get?.parameters?.map((p) => p.name)).toContain('x-requested-ids');
    expect(paths['/api/candidates']?.post).toBeDefined();
    expect(paths['/api/candidates/import']?.post).toBeDefined();
    expect(paths['/api/job_applications/bulk_create']?.post).toBeDefined();
  });
});
