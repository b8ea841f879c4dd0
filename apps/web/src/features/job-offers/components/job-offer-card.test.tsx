import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCamelCase } from '../../../shared/api/case';
import { i18n } from '../../../shared/i18n/i18n';
import { useAppStore } from '../../../shared/store/app-store';
import { renderRoutes } from '../../../test/router';
import { fakeApi } from '../testing/fake-api';
import { wireJobOffer } from '../testing/wire-fixtures';
import type { JobOffer } from '../types';
import { JobOfferCard } from './job-offer-card';

const offer = (overrides = {}) => toCamelCase(wireJobOffer(overrides)) as JobOffer;

function renderCard(jobOffer: JobOffer, onEdit = vi.fn()) {
  return renderRoutes(
    [
      { path: '/jobs', element: <JobOfferCard offer={jobOffer} onEdit={onEdit} /> },
      { path: '/jobs/:jobId', element: <p>The offer</p> },
      { path: '/jobs/:jobId/:action', element: <p>An action</p> },
    ],
    '/jobs',
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  fakeApi({});
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

/** Opens the card's 'More actions' menu and answers its items' texts, in order. */
async function menuItems(user: UserEvent): Promise<(string | null)[]> {
  await user.click(screen.getByRole('button', { name: 'More actions for Backend developer' }));
  return (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
}

describe('a job offer card', () => {
  it('opens the Posting dialog from its menu, and a click inside the dialog stays on the index', async () => {
    fakeApi({
      'GET /api/job_offers/1/questions': () => new Response(JSON.stringify({ data: [] }), { status: 200 }),
    });
    const { user } = renderCard(offer());
    await menuItems(user);
    await user.click(screen.getByRole('menuitem', { name: 'Posting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Posting of Backend developer' });
    await user.click(await screen.findByText('No question: candidates send their details and CV only.'));
    await user.click(screen.getByRole('combobox', { name: 'Workplace' }));
    await user.click(await screen.findByRole('option', { name: 'Remote' }));
    expect(dialog).toBeInTheDocument();
    expect(screen.queryByText('The offer')).not.toBeInTheDocument();
  });

  it('shows name, company, manager, the short US creation date and the counts per status', () => {
    renderCard(offer());
    const card = screen.getByRole('article', { name: 'Backend developer' });
    expect(card).toHaveTextContent('Acme');
    expect(screen.getByText('Created on 11/22/2026')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toBeInTheDocument();
    const statuses = screen.getAllByRole('link', { name: /Applied|Interview/ });
    expect(statuses.map((link) => link.textContent)).toEqual(['Applied2', 'Interview1']);
  });

  it('shows the date in the French short format in French', async () => {
    await i18n.changeLanguage('fr');
    renderCard(offer());
    expect(screen.getByText('Créée le 22/11/2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Plus d'actions pour Backend developer" })).toBeInTheDocument();
  });

  it('says when the offer has no company', () => {
    renderCard(offer({ company: null, company_id: null }));
    expect(screen.getByText('No company')).toBeInTheDocument();
  });

  it('opens the offer filtered on a clicked status', async () => {
    const { user, router } = renderCard(offer());
    await user.click(screen.getByRole('link', { name: /Interview/ }));
    expect(router.state.location.pathname).toBe('/jobs/1');
    expect(new URLSearchParams(router.state.location.search).get('filters[statusId]')).toBe('12');
  });

  it('opens the offer when the card itself is clicked', async () => {
    const { user, router } = renderCard(offer());
    await user.click(screen.getByText('Created on 11/22/2026'));
    expect(router.state.location.pathname).toBe('/jobs/1');
    expect(router.state.location.search).toBe('');
  });

  it('edits inline, exports, and offers Archive, Posting (issue 23), Edit email template, Copy and Delete', async () => {
    const onEdit = vi.fn();
    const { user, router } = renderCard(offer(), onEdit);
    await user.click(screen.getByRole('button', { name: 'Edit Backend developer' }));
    expect(onEdit).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/jobs');
    expect(screen.getByRole('link', { name: 'Export Backend developer' })).toHaveAttribute(
      'href',
      '/jobs/1/export',
    );
    expect(await menuItems(user)).toEqual(['Archive', 'Posting', 'Edit email template', 'Copy', 'Delete']);
    await user.click(screen.getByRole('menuitem', { name: 'Copy' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs/1/copy'));
  });

  it('offers Unarchive instead of Archive for an archived offer', async () => {
    const { user } = renderCard(offer({ archived: true }));
    expect(await menuItems(user)).toEqual(['Unarchive', 'Posting', 'Edit email template', 'Copy', 'Delete']);
  });

  it("opens the offer's email template modal from the menu, through the store", async () => {
    const { user } = renderCard(offer());
    await user.click(screen.getByRole('button', { name: 'More actions for Backend developer' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit email template' }));
    expect(useAppStore.getState().emailDialog).toEqual({ kind: 'template', jobOfferId: 1 });
    useAppStore.getState().closeEmailDialog();
  });
});
