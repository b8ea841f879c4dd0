import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { fakeApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { LicenceWidget } from './licence-widget';

const licence = (creditsUsed: number) => ({
  id: 1,
  name: 'Acme',
  api_url: '/api',
  credits_max: 100,
  credits_used: creditsUsed,
  plan_type: 'recurrent',
  renew_period: 'monthly',
});

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => i18n.changeLanguage('en'));

describe('the licence widget', () => {
  it('shows the credits left, and no overdraft while within the credits', async () => {
    fakeApi({ 'GET /api/license': () => jsonResponse(licence(40)) });
    renderWithProviders(<LicenceWidget />);
    expect(await screen.findByText('60 credits left')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '60% of credits left' })).toBeInTheDocument();
    expect(screen.queryByTestId('credits-overdraft')).not.toBeInTheDocument();
  });

  it('shows none left, never a negative count, and how many applications went over (issue 23)', async () => {
    fakeApi({ 'GET /api/license': () => jsonResponse(licence(103)) });
    renderWithProviders(<LicenceWidget />);
    expect(await screen.findByText('0 credits left')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '0% of credits left' })).toBeInTheDocument();
    expect(screen.getByText('3 applications over your credits')).toBeInTheDocument();
    await i18n.changeLanguage('fr');
    expect(await screen.findByText('3 candidatures au-delà de vos crédits')).toBeInTheDocument();
    expect(screen.getByText('0 crédits restants')).toBeInTheDocument();
  });

  it('says one application in the singular', async () => {
    fakeApi({ 'GET /api/license': () => jsonResponse(licence(101)) });
    renderWithProviders(<LicenceWidget />);
    expect(await screen.findByText('1 application over your credits')).toBeInTheDocument();
  });
});
