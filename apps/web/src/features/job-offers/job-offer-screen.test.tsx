import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { renderRoutes } from '../../test/router';
import { JobOfferScreen } from './job-offer-screen';
import { fakeApi } from './testing/fake-api';
import { wireJobOffer } from './testing/wire-fixtures';

const routes = [
  { path: '/jobs', element: <p>The index</p> },
  { path: '/jobs/:jobId', element: <JobOfferScreen /> },
];

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.unstubAllGlobals());

describe('the job offer screen', () => {
  it("shows the offer's name, the back link and the status of filters[statusId]", async () => {
    fakeApi({ 'GET /api/job_offers/1': () => jsonResponse(wireJobOffer()) });
    const { user, router } = renderRoutes(routes, '/jobs/1?filters[statusId]=12');
    expect(await screen.findByRole('heading', { name: 'Backend developer' })).toBeInTheDocument();
    expect(screen.getByText('Status filter:').parentElement).toHaveTextContent('Status filter:Interview');
    expect(screen.getByRole('link', { name: /Interview/ })).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByRole('link', { name: 'Job offers' }));
    expect(router.state.location.pathname).toBe('/jobs');
  });

  it("says 'Not found' and toasts 'The job offer could not be fetched' when it cannot be read", async () => {
    fakeApi({ 'GET /api/job_offers/9': () => new Response(null, { status: 500 }) });
    renderRoutes(routes, '/jobs/9');
    expect(await screen.findByText('The job offer could not be fetched')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });
});
