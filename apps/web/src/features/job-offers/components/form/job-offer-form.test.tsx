import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toCamelCase } from '../../../../shared/api/case';
import { settingsRoute } from '../../../../shared/resources/settings/testing/wire-settings';
import { licenceUsersQueryOptions } from '../../../../shared/resources/users/get-licence-users';
import { jsonResponse } from '../../../../test/fixtures';
import { renderRoutes } from '../../../../test/router';
import { fakeApi, listAnswer } from '../../testing/fake-api';
import { formApi } from '../../testing/form-api';
import { wireJobOffer, wireTags } from '../../testing/wire-fixtures';
import type { JobOffer } from '../../types';
import { JobOfferForm } from './job-offer-form';

const existing = toCamelCase(wireJobOffer({ tags: [{ id: 21, name: 'Java' }] })) as JobOffer;

function renderForm(props: { offer?: JobOffer; onSaved?: (offer: JobOffer) => void; hide?: boolean } = {}) {
  const onSaved = props.onSaved ?? vi.fn();
  return renderRoutes(
    [
      {
        path: '/jobs',
        element: (
          <JobOfferForm
            offer={props.offer}
            onCancel={() => {}}
            onSaved={onSaved}
            hideCreateButton={props.hide}
          />
        ),
      },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    '/jobs',
  );
}

let api: ReturnType<typeof formApi>;
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  api = formApi();
});

const tagBox = () => screen.getByRole('textbox', { name: 'Select a tag or type to search...' });
const attachCalls = () => api.calls.filter((call) => call.method === 'POST' && call.path.includes('/tags/'));

describe('the job offer form', () => {
  it("says 'New job offer' with Cancel and Create, and the Create button can be hidden", () => {
    renderForm();
    expect(screen.getByRole('heading', { name: 'New job offer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
    expect(screen.getByText('This job offer has no tag...')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Assign users')).toBeInTheDocument();
  });

  it('hides Create when asked', () => {
    renderForm({ hide: true });
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
  });

  it("offers the licence's users by email, and says 'No more users found' when all are picked", async () => {
    const { user } = renderForm();
    const picker = screen.getByPlaceholderText('Assign users');
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'ada@example.com' }));
    await user.click(await screen.findByRole('option', { name: 'grace@example.com' }));
    expect(await screen.findByText('No more users found')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/users/')).toHaveLength(1);
    // SPEC section 7: refetched only when older than 10 minutes.
    expect(licenceUsersQueryOptions().staleTime).toBe(600_000);
  });

  it('searches tags by substring, ignoring case, without the tags already on the offer', async () => {
    const { user } = renderForm({ offer: existing });
    await user.click(screen.getByRole('button', { name: 'Add a tag' }));
    await user.type(tagBox(), 'AV');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['JavaScript', 'Create and add tag: AV']);
  });

  it('adds on Enter only a tag of exactly the typed name', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add a tag' }));
    await user.type(tagBox(), 'jav{Enter}');
    expect(screen.getByText('This job offer has no tag...')).toBeInTheDocument();
    await user.clear(tagBox());
    await user.type(tagBox(), 'remote{Enter}');
    expect(await screen.findByText('Remote')).toBeInTheDocument();
    expect(tagBox()).toHaveValue('');
    await user.type(tagBox(), '   {Enter}');
    expect(api.callsTo('POST', '/api/tags')).toHaveLength(0);
  });

  it('on an existing offer attaches and detaches a tag at once, creating it first when asked', async () => {
    const { user } = renderForm({ offer: existing });
    await user.click(screen.getByRole('button', { name: 'Add a tag' }));
    await user.type(tagBox(), 'Kotlin');
    await user.click(await screen.findByRole('option', { name: 'Create and add tag: Kotlin' }));
    await waitFor(() =>
      expect(attachCalls().map((call) => call.path)).toEqual(['/api/job_offers/1/tags/33']),
    );
    expect(api.callsTo('POST', '/api/tags').map((call) => call.body)).toEqual([{ name: 'Kotlin' }]);
    expect(await screen.findByText('Kotlin')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove tag Kotlin' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/job_offers/1/tags/33')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/job_offers/1')).toHaveLength(0);
  });

  it('on a new offer attaches the tags after creation, with the new id', async () => {
    const onSaved = vi.fn();
    const { user } = renderForm({ onSaved });
    await user.type(screen.getByLabelText('Name'), 'Platform engineer');
    await user.click(screen.getByRole('button', { name: 'Add a tag' }));
    await user.type(tagBox(), 'Java{Enter}');
    await user.type(tagBox(), 'Rust');
    await user.click(await screen.findByRole('option', { name: 'Create and add tag: Rust' }));
    expect(await screen.findByText('Rust')).toBeInTheDocument();
    expect(attachCalls()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST', '/api/job_offers')[0]?.body).toEqual({
      job_offer: { name: 'Platform engineer', company_id: null, assigned_users: [] },
    });
    expect(attachCalls().map((call) => call.path)).toEqual([
      '/api/job_offers/7/tags/21',
      '/api/job_offers/7/tags/33',
    ]);
    const saved = onSaved.mock.calls[0]?.[0] as JobOffer;
    expect(saved.tags.map((tag) => tag.name)).toEqual(['Java', 'Rust']);
  });

  it('updates an existing offer with PATCH and its fields', async () => {
    const onSaved = vi.fn();
    const { user } = renderForm({ offer: existing, onSaved });
    expect(screen.getByRole('heading', { name: 'Edit job offer' })).toBeInTheDocument();
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Lead developer');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.callsTo('PATCH', '/api/job_offers/1')[0]?.body).toEqual({
      job_offer: { name: 'Lead developer', company_id: 5, assigned_users: [] },
    });
  });

  it('asks before leaving with unsaved changes, and not after saving', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user, router } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Half-written');
    await act(() => router.navigate('/elsewhere'));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Are you sure you want to quit?');
    expect(router.state.location.pathname).toBe('/jobs');

    confirm.mockClear();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/job_offers')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled());
    await act(() => router.navigate('/elsewhere'));
    expect(confirm).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('keeps tag errors silent: the console has them, no toast (SPEC section 8)', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({
      ...settingsRoute(),
      'GET /api/users/': () => listAnswer([]),
      'GET /api/tags': () => listAnswer(wireTags),
      'POST /api/tags': () =>
        jsonResponse({ error: 'forbidden', message: 'Only admins may create tags' }, 403),
    });
    const { user } = renderForm({ offer: existing });
    await user.click(screen.getByRole('button', { name: 'Add a tag' }));
    await user.type(tagBox(), 'Kotlin');
    await user.click(await screen.findByRole('option', { name: 'Create and add tag: Kotlin' }));
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(
      screen.queryByText(/Only admins may create tags|The tag could not be added/),
    ).not.toBeInTheDocument();
    expect(screen.queryByText('Kotlin')).not.toBeInTheDocument();
  });
});
