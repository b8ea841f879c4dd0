import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../shared/i18n/i18n';
import { settingsRoute } from '../../../../shared/resources/settings/testing/wire-settings';
import { useAppStore } from '../../../../shared/store/app-store';
import { fakeApi, listAnswer } from '../../../../test/fake-api';
import { jsonResponse, sessionUser, wireUser } from '../../../../test/fixtures';
import { renderRoutes } from '../../../../test/router';
import { wireApplication, wireCandidate } from '../../testing/wire-fixtures';
import { CandidatePanel } from './candidate-panel';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  useAppStore.getState().setUser(sessionUser());
});

const grace = wireCandidate({
  email: 'one@navy.test',
  phone: '+1 555 0100',
  contacts: {
    emails: ['one@navy.test', 'two@navy.test', 'three@navy.test', 'four@navy.test'],
    phones: ['+1 555 0100'],
    added_emails: [],
    added_phones: [],
    deleted_emails: [],
    deleted_phones: [],
  },
  tags: [{ id: 21, name: 'Cobol' }],
});

function panelApi(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    ...settingsRoute({}),
    'GET /api/candidates/100': () => jsonResponse(grace),
    'GET /api/candidates/100/job_applications': () =>
      listAnswer([
        {
          ...wireApplication(7, 11),
          candidate_id: 100,
          job_offer_id: 1,
          job_offer: { id: 1, name: 'This one', archived: false, company: null },
        },
        {
          ...wireApplication(8, 12),
          candidate_id: 100,
          job_offer_id: 4,
          job_offer: { id: 4, name: 'Compiler engineer', archived: false, company: { id: 9, name: 'Navy' } },
        },
      ]),
    'GET /api/tags': () =>
      listAnswer([
        { id: 21, name: 'Cobol' },
        { id: 22, name: 'Fortran' },
      ]),
    ...extra,
  });
}

const renderPanel = () =>
  renderRoutes(
    [
      { path: '/jobs/1', element: <CandidatePanel candidateId={100} jobOfferId={1} onClose={() => {}} /> },
      { path: '/jobs/4', element: <p>Offer 4</p> },
    ],
    '/jobs/1',
  );

const ANSWERS = [
  { question_id: 1, kind: 'short_text', label: 'When can you start?', answer: 'In one month' },
  { question_id: 2, kind: 'yes_no', label: 'Can you come to Lyon?', answer: true },
  { question_id: 3, kind: 'yes_no', label: 'Do you need a visa?', answer: false },
  { question_id: 4, kind: 'long_text', label: 'Why us?', answer: 'Because\nof the team' },
] as const;

/** Grace applied to this offer through the careers site from a LinkedIn link (issue 23). */
const careersApplications = () =>
  listAnswer([
    {
      ...wireApplication(7, 11, {}, { source: 'linkedin', answers: [...ANSWERS] }),
      candidate_id: 100,
      job_offer_id: 1,
      job_offer: { id: 1, name: 'This one', archived: false, company: null },
    },
  ]);

afterEach(() => i18n.changeLanguage('en'));

describe("the candidate panel's careers application", { timeout: 20_000 }, () => {
  it('shows where the candidate came from and the answers, yes / no in the language shown', async () => {
    panelApi({ 'GET /api/candidates/100/job_applications': careersApplications });
    renderPanel();
    const section = await screen.findByTestId('this-application');
    expect(within(section).getByText('Came from')).toBeInTheDocument();
    expect(within(section).getByText('linkedin')).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Answers to the apply form' })).toBeInTheDocument();
    const answerOf = (label: string) =>
      within(section).getByText(label).nextElementSibling?.textContent ?? undefined;
    expect(answerOf('When can you start?')).toBe('In one month');
    expect(answerOf('Can you come to Lyon?')).toBe('Yes');
    expect(answerOf('Do you need a visa?')).toBe('No');
    expect(answerOf('Why us?')).toBe('Because\nof the team');
    await i18n.changeLanguage('fr');
    expect(await within(section).findByText('Réponses au formulaire de candidature')).toBeInTheDocument();
    expect(answerOf('Can you come to Lyon?')).toBe('Oui');
    expect(answerOf('Do you need a visa?')).toBe('Non');
    expect(within(section).getByText('Provenance')).toBeInTheDocument();
  });

  it('shows nothing of it for an application a recruiter added', async () => {
    panelApi();
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    await screen.findByText('Compiler engineer');
    expect(screen.queryByTestId('this-application')).not.toBeInTheDocument();
    expect(screen.queryByText('Answers to the apply form')).not.toBeInTheDocument();
  });
});

describe('the candidate panel', { timeout: 20_000 }, () => {
  it('shows the name, title, social links, at most 3 emails until asked, and the other applications only', async () => {
    panelApi();
    const { user, router } = renderPanel();
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText('Rear admiral')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'LinkedIn profile' })).toHaveAttribute(
      'href',
      'https://linkedin.com/in/grace',
    );
    expect(screen.getByRole('link', { name: 'one@navy.test' })).toHaveAttribute(
      'href',
      'mailto:one@navy.test',
    );
    expect(screen.getByRole('link', { name: 'three@navy.test' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'four@navy.test' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show all (4)' }));
    expect(screen.getByRole('link', { name: 'four@navy.test' })).toBeInTheDocument();
    const other = await screen.findByRole('link', { name: 'Compiler engineer' });
    expect(screen.queryByRole('link', { name: 'This one' })).toBeNull();
    expect(screen.getByText('Navy')).toBeInTheDocument();
    await user.click(other);
    expect(router.state.location.pathname).toBe('/jobs/4');
    expect(router.state.location.search).toBe('?candidate=100');
  });

  it('says why the candidate is held: legitimate interest with who added them, or consent, in both languages', async () => {
    panelApi({
      'GET /api/users/': () => listAnswer([wireUser({ id: 5, first_name: 'Alice', last_name: 'Recruiter' })]),
      'GET /api/candidates/100': () =>
        jsonResponse({ ...grace, legal_basis_by: 5, legal_basis_at: '2026-03-04T10:00:00.000Z' }),
    });
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Legal basis' })).toBeInTheDocument();
    expect(
      await screen.findByText('Legitimate interest: added by Alice Recruiter on Mar 4, 2026'),
    ).toBeInTheDocument();
    await i18n.changeLanguage('fr');
    expect(
      await screen.findByText('Intérêt légitime : ajouté par Alice Recruiter le 4 mars 2026'),
    ).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it('shows an erased candidate as such, with the date, and nothing to edit, in both languages', async () => {
    panelApi({
      'GET /api/candidates/100': () =>
        jsonResponse({
          ...wireCandidate({ first_name: null, last_name: null, full_name: '', email: null }),
          contacts: grace.contacts,
          erased_at: '2026-03-04T10:00:00.000Z',
        }),
    });
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Erased candidate' })).toBeInTheDocument();
    expect(screen.getByText(/This candidate was erased on Mar 4, 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'New email' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Erase this candidate' })).not.toBeInTheDocument();
    expect(await screen.findByText('Compiler engineer')).toBeInTheDocument();
    await i18n.changeLanguage('fr');
    expect(await screen.findByRole('heading', { name: 'Candidat effacé' })).toBeInTheDocument();
    expect(screen.getByText(/Ce candidat a été effacé le 4 mars 2026/)).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it('says when a candidate gave their consent', async () => {
    panelApi({
      'GET /api/candidates/100': () =>
        jsonResponse({ ...grace, legal_basis: 'consent', legal_basis_at: '2026-03-04T10:00:00.000Z' }),
    });
    renderPanel();
    expect(await screen.findByText('Consent, given on Mar 4, 2026')).toBeInTheDocument();
  });

  it("says 'Invalid email format' / 'Invalid phone format' and sends nothing; an empty value is ignored", async () => {
    const api = panelApi();
    const { user } = renderPanel();
    const email = await screen.findByRole('textbox', { name: 'New email' });
    await user.click(screen.getByRole('button', { name: 'Add email' }));
    expect(screen.queryByText('Invalid email format')).toBeNull();
    await user.type(email, 'not an email');
    await user.click(screen.getByRole('button', { name: 'Add email' }));
    expect(screen.getByText('Invalid email format')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'New phone' }), '12 ab');
    await user.click(screen.getByRole('button', { name: 'Add phone' }));
    expect(screen.getByText('Invalid phone format')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('adds a right value with add_contact and clears the box; a refusal toasts the server reason', async () => {
    const api = panelApi({
      'PATCH /api/candidates/100/add_contact': ({ body }) =>
        (body as { value: string }).value === 'one@navy.test'
          ? jsonResponse({ error: 'conflict', message: 'The candidate already has this email' }, 409)
          : jsonResponse({
              ...grace,
              contacts: { ...grace.contacts, emails: [...grace.contacts.emails, 'new@navy.test'] },
            }),
    });
    const { user } = renderPanel();
    const email = await screen.findByRole('textbox', { name: 'New email' });
    await user.type(email, ' new@navy.test ');
    await user.click(screen.getByRole('button', { name: 'Add email' }));
    await waitFor(() => expect(email).toHaveValue(''));
    expect(api.callsTo('PATCH', '/api/candidates/100/add_contact')[0]?.body).toEqual({
      type: 'email',
      value: 'new@navy.test',
    });
    await user.type(email, 'one@navy.test');
    await user.click(screen.getByRole('button', { name: 'Add email' }));
    expect(
      await screen.findByText('Could not add contact to candidate: the same name or address is already used'),
    ).toBeInTheDocument();
    expect(email).toHaveValue('one@navy.test');
  });

  it("toasts 'Could not add contact to candidate' when the server gives no reason", async () => {
    panelApi({ 'PATCH /api/candidates/100/add_contact': () => new Response(null, { status: 500 }) });
    const { user } = renderPanel();
    await user.type(await screen.findByRole('textbox', { name: 'New phone' }), '+33 6 12 34 56 78');
    await user.click(screen.getByRole('button', { name: 'Add phone' }));
    expect(await screen.findByText('Could not add contact to candidate')).toBeInTheDocument();
  });

  it('sets a contact primary and deletes one', async () => {
    const api = panelApi({
      'PATCH /api/candidates/100/set_primary_contact': () =>
        jsonResponse({ ...grace, email: 'two@navy.test' }),
      'PATCH /api/candidates/100/delete_contact': () => jsonResponse(grace),
    });
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Make two@navy.test primary' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/candidates/100/set_primary_contact')[0]?.body).toEqual({
        type: 'email',
        value: 'two@navy.test',
      }),
    );
    expect(screen.queryByRole('button', { name: 'Make one@navy.test primary' })).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete +1 555 0100' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/candidates/100/delete_contact')[0]?.body).toEqual({
        type: 'phone',
        value: '+1 555 0100',
      }),
    );
  });

  it("tags and untags the candidate; a failed tag toasts 'The tag could not be added'", async () => {
    let attachOk = false;
    const api = panelApi({
      'POST /api/candidates/100/tags/22': () =>
        attachOk
          ? jsonResponse({ ...grace, tags: [{ id: 22, name: 'Fortran' }] })
          : new Response(null, { status: 500 }),
      'DELETE /api/candidates/100/tags/21': () => jsonResponse({ ...grace, tags: [] }),
    });
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Remove tag Cobol' }));
    expect(await screen.findByText('This candidate has no tag...')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a tag' }));
    const search = screen.getByRole('textbox', { name: 'Select a tag or type to search...' });
    await user.type(search, 'fort');
    await user.click(await screen.findByRole('option', { name: 'Fortran' }));
    expect(await screen.findByText('The tag could not be added')).toBeInTheDocument();
    attachOk = true;
    await user.type(search, 'fort');
    await user.click(await screen.findByRole('option', { name: 'Fortran' }));
    expect(await screen.findByRole('button', { name: 'Remove tag Fortran' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/candidates/100/tags/22')).toHaveLength(2);
    expect(api.callsTo('DELETE', '/api/candidates/100/tags/21')).toHaveLength(1);
  });

  it('edits the manual data with PATCH /candidates/{id}/', async () => {
    const api = panelApi({
      'PATCH /api/candidates/100': () =>
        jsonResponse({ ...grace, manual_data: { first_name: null, last_name: null, title: 'Admiral' } }),
    });
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit the candidate' });
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Admiral');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit the candidate' })).toBeNull());
    expect(api.callsTo('PATCH', '/api/candidates/100')[0]?.body).toEqual({
      candidate: { manual_data: { first_name: null, last_name: null, title: 'Admiral' } },
    });
  });

  it("toasts 'Could not fetch candidate' when the candidate cannot be read", async () => {
    panelApi({ 'GET /api/candidates/100': () => new Response(null, { status: 500 }) });
    renderPanel();
    expect(await screen.findByText('Could not fetch candidate')).toBeInTheDocument();
  });
});

describe("the candidate panel's data export (issue 24)", { timeout: 20_000 }, () => {
  it("offers an admin to export the candidate's data, and asks the server for the ZIP", async () => {
    const api = panelApi({
      'GET /api/candidates/100/data_export': () =>
        new Response(new Uint8Array([80, 75, 5, 6]), { headers: { 'content-type': 'application/zip' } }),
    });
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: "Export this candidate's data" }));
    await waitFor(() => expect(api.callsTo('GET', '/api/candidates/100/data_export')).toHaveLength(1));
  });

  it('offers nothing to a recruiter', async () => {
    panelApi({ 'GET /api/users/me': () => jsonResponse(wireUser({ role: 'user' })) });
    renderPanel();
    await screen.findByRole('heading', { name: 'Files' });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: "Export this candidate's data" })).not.toBeInTheDocument(),
    );
  });
});
