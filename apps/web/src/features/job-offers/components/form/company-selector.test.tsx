import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Company } from '../../../../shared/resources/companies/company';
import { SettingsReceived } from '../../../../shared/resources/settings/testing/settings-received';
import { settingsRoute } from '../../../../shared/resources/settings/testing/wire-settings';
import { useAppStore } from '../../../../shared/store/app-store';
import { jsonResponse, sessionUser } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { fakeApi, listAnswer } from '../../testing/fake-api';
import { CompanySelector } from './company-selector';

const companies = [
  { id: 1, name: 'Acme' },
  { id: 2, name: 'Acme Labs' },
  { id: 3, name: 'Globex' },
];

function Harness({ onChange }: { onChange: (company: Company | null) => void }) {
  const [value, setValue] = useState<Company | null>(null);
  return (
    <>
      <SettingsReceived />
      <CompanySelector
        value={value}
        onChange={(company) => {
          setValue(company);
          onChange(company);
        }}
      />
    </>
  );
}

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  api = companiesApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAppStore.getState().reset();
});

/** The company calls answered from `companies`, and GET /settings with `values` changed. */
function companiesApi(values: Parameters<typeof settingsRoute>[0] = {}) {
  return fakeApi({
    ...settingsRoute(values),
    'GET /api/companies': ({ query }) => {
      const search = (query.get('filters[search]') ?? '').toLowerCase();
      return listAnswer(companies.filter((company) => company.name.toLowerCase().includes(search)));
    },
    'POST /api/companies': ({ body }) => jsonResponse({ id: 9, name: (body as { name: string }).name }, 201),
  });
}

/** Signs in a user of this role, as the session store holds them. */
function signInAs(role: 'user' | 'admin') {
  const user = sessionUser();
  useAppStore.getState().setUser({ ...user, role, claims: { ...user.claims, role } });
}

const searchesSent = () =>
  api.callsTo('GET', '/api/companies').map((call) => call.query.get('filters[search]'));

describe('the company selector', () => {
  it('offers creation only past 1 character and without an exact match, ignoring case', async () => {
    const { user } = renderWithProviders(<Harness onChange={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Company' });

    await user.type(input, 'Z');
    await waitFor(() => expect(searchesSent()).toContain('Z'));
    expect(screen.queryByRole('option', { name: /Create and set company/ })).not.toBeInTheDocument();

    await user.type(input, 'o');
    expect(await screen.findByRole('option', { name: 'Create and set company: Zo' })).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'aCmE');
    expect(await screen.findByRole('option', { name: 'Acme Labs' })).toBeInTheDocument();
    await waitFor(() => expect(searchesSent()).toContain('aCmE'));
    expect(screen.getByRole('option', { name: 'Acme' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Create and set company/ })).not.toBeInTheDocument();

    await user.type(input, ' L');
    expect(await screen.findByRole('option', { name: 'Create and set company: aCmE L' })).toBeInTheDocument();
  });

  it('searches once the typing stops for 150 ms, not on every keystroke', async () => {
    const { user } = renderWithProviders(<Harness onChange={() => {}} />);
    await user.type(screen.getByRole('textbox', { name: 'Company' }), 'Globex');
    await waitFor(() => expect(searchesSent()).toContain('Globex'));
    expect(await screen.findByRole('option', { name: 'Globex' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Acme' })).not.toBeInTheDocument();
    expect(searchesSent().filter((search) => search !== null)).toEqual(['Globex']);
  });

  it('picks a company found, or creates the typed one with POST /companies', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Company' });
    await user.type(input, 'Glob');
    await user.click(await screen.findByRole('option', { name: 'Globex' }));
    expect(onChange).toHaveBeenLastCalledWith({ id: 3, name: 'Globex' });
    expect(input).toHaveValue('Globex');

    await user.clear(input);
    await user.type(input, 'Initech');
    await user.click(await screen.findByRole('option', { name: 'Create and set company: Initech' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ id: 9, name: 'Initech' }));
    expect(api.callsTo('POST', '/api/companies').map((call) => call.body)).toEqual([{ name: 'Initech' }]);
    expect(input).toHaveValue('Initech');

    await user.click(screen.getByRole('button', { name: 'Remove the company' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it("toasts 'The company could not be created or updated' with the reason in the app's own words", async () => {
    fakeApi({
      ...settingsRoute(),
      'GET /api/companies': () => listAnswer([]),
      'POST /api/companies': () =>
        jsonResponse({ error: 'forbidden', message: 'Only admins may create companies' }, 403),
    });
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness onChange={onChange} />);
    await user.type(screen.getByRole('textbox', { name: 'Company' }), 'Initech');
    await user.click(await screen.findByRole('option', { name: 'Create and set company: Initech' }));
    expect(
      await screen.findByText('The company could not be created or updated: you are not allowed to do this'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Only admins may create companies/)).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("toasts 'The companies could not be fetched' when the search fails without a reason", async () => {
    fakeApi({ ...settingsRoute(), 'GET /api/companies': () => new Response('oops', { status: 500 }) });
    const { user } = renderWithProviders(<Harness onChange={() => {}} />);
    await user.type(screen.getByRole('textbox', { name: 'Company' }), 'Ac');
    expect(await screen.findByText('The companies could not be fetched')).toBeInTheDocument();
  });
});

describe("the company selector under the licence's company_creation rule", () => {
  it('hides creation from a user when only admins create companies, and still searches', async () => {
    api = companiesApi({ company_creation: 'admins_only' });
    signInAs('user');
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness onChange={onChange} />);
    await screen.findByText('Settings received');
    const input = screen.getByRole('textbox', { name: 'Company' });
    await user.type(input, 'Acme L');
    await user.click(await screen.findByRole('option', { name: 'Acme Labs' }));
    expect(onChange).toHaveBeenLastCalledWith({ id: 2, name: 'Acme Labs' });

    await user.clear(input);
    await user.type(input, 'Initech');
    await waitFor(() => expect(searchesSent()).toContain('Initech'));
    expect(await screen.findByText('No company found')).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Create and set company/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/settings')).toHaveLength(1);
  });

  it('offers creation to an admin whatever the rule, and to a user when everyone may create', async () => {
    api = companiesApi({ company_creation: 'admins_only' });
    signInAs('admin');
    const { user, unmount } = renderWithProviders(<Harness onChange={() => {}} />);
    await screen.findByText('Settings received');
    await user.type(screen.getByRole('textbox', { name: 'Company' }), 'Initech');
    expect(
      await screen.findByRole('option', { name: 'Create and set company: Initech' }),
    ).toBeInTheDocument();
    unmount();

    api = companiesApi({ company_creation: 'everyone', tags_rule: 'not-createable' });
    signInAs('user');
    renderWithProviders(<Harness onChange={() => {}} />);
    await screen.findByText('Settings received');
    await user.type(screen.getByRole('textbox', { name: 'Company' }), 'Initech');
    expect(
      await screen.findByRole('option', { name: 'Create and set company: Initech' }),
    ).toBeInTheDocument();
  });

  it("offers no creation to a user while the settings are unknown, and toasts 'The settings could not be fetched'", async () => {
    api = fakeApi({
      'GET /api/settings': () => new Response(null, { status: 500 }),
      'GET /api/companies': () => listAnswer([]),
    });
    signInAs('user');
    const { user } = renderWithProviders(<Harness onChange={() => {}} />);
    await user.type(screen.getByRole('textbox', { name: 'Company' }), 'Initech');
    expect(await screen.findByText('The settings could not be fetched')).toBeInTheDocument();
    expect(await screen.findByText('No company found')).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Create and set company/ })).not.toBeInTheDocument();
  });
});
