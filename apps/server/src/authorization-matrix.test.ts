import { describe, expect, it } from 'vitest';
import { ACTIVITY_ROWS } from './test/authorization-matrix/activity.ts';
import { API_TOKEN_ROWS } from './test/authorization-matrix/api-tokens.ts';
import { CANDIDATE_DRAFT_ROWS } from './test/authorization-matrix/candidate-drafts.ts';
import { CANDIDATE_FILE_ROWS } from './test/authorization-matrix/candidate-files.ts';
import { CANDIDATE_ROWS } from './test/authorization-matrix/candidates.ts';
import { CAREERS_SITE_ROWS } from './test/authorization-matrix/careers-site.ts';
import { ERASURE_ROWS } from './test/authorization-matrix/erasure.ts';
import { INTERVIEW_ROWS } from './test/authorization-matrix/interviews.ts';
import { JOB_OFFER_ROWS } from './test/authorization-matrix/job-offers.ts';
import { ORGANISATION_ROWS } from './test/authorization-matrix/organisation.ts';
import { PRIVACY_ROWS } from './test/authorization-matrix/privacy.ts';
import { REPORT_ROWS } from './test/authorization-matrix/reports.ts';
import { RETENTION_ROWS } from './test/authorization-matrix/retention.ts';
import { SAVED_SEARCH_ROWS } from './test/authorization-matrix/saved-searches.ts';
import { WEBHOOK_ROWS } from './test/authorization-matrix/webhooks.ts';
import { isCareersPage, isPublic, sample, t, withMatrixWorld } from './test/authorization-matrix/world.ts';
import { routesOf } from './test/router-routes.ts';

/**
 * The authorization matrix (issue 12), its coverage: every route the router has is public or has a row, and an
 * anonymous caller gets 401 on every route but the public ones. The rows themselves run in
 * authorization-matrix.{organisation,candidates,job-offers,activity,candidate-files}.test.ts (test/authorization-matrix/world.ts says who
 * the callers are).
 */
const MATRIX = {
  ...ORGANISATION_ROWS,
  ...CANDIDATE_ROWS,
  ...JOB_OFFER_ROWS,
  ...CAREERS_SITE_ROWS,
  ...ACTIVITY_ROWS,
  ...CANDIDATE_FILE_ROWS,
  ...CANDIDATE_DRAFT_ROWS,
  ...ERASURE_ROWS,
  ...PRIVACY_ROWS,
  ...RETENTION_ROWS,
  ...API_TOKEN_ROWS,
  ...WEBHOOK_ROWS,
  ...REPORT_ROWS,
  ...INTERVIEW_ROWS,
  ...SAVED_SEARCH_ROWS,
};
withMatrixWorld();

describe('the authorization matrix', () => {
  it('reads the routes from the router', () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false }));
    expect(routes).toContain('GET /api/users/me');
    expect(routes).toContain('DELETE /api/job_offers/:id/tags/:tagId');
    expect(routes.length).toBeGreaterThan(30);
  });

  it('has a row for every route that needs a caller, and no row for a route that is gone', () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false }));
    const guarded = routes.filter((route) => !isPublic(route));
    expect(
      guarded.filter((route) => !(route in MATRIX)),
      'routes missing from the matrix',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((route) => !routes.includes(route)),
      'rows of no route',
    ).toEqual([]);
  });

  it('answers 401 to an anonymous caller on every route but the public ones', async () => {
    for (const route of routesOf(t.app.printRoutes({ commonPrefix: false }))) {
      const [method = 'GET', path = '/'] = route.split(' ');
      const res = await t.app.inject({ method: method as 'GET', url: sample(path), payload: {} });
      if (route.startsWith('GET /api/docs')) continue;
      // An HTML page of the careers site: never refused for want of a caller (its 404 is a page, not JSON).
      if (isCareersPage(route)) expect(res.statusCode, route).not.toBe(401);
      // A public route may refuse what it is given (a bad refresh token is a 401), never for want of a caller.
      else if (isPublic(route)) expect(res.json().error, route).not.toBe('unauthorized');
      else {
        expect(res.statusCode, route).toBe(401);
        expect(res.json().error, route).toBe('unauthorized');
      }
    }
  });
});
