import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, wireUser } from '../../test/fixtures';
import { quietTests, SCREEN } from '../../test/frame';
import { renderRoutes } from '../../test/router';
import { manyUsers, usersApi } from './testing/users-api';
import { UsersScreen } from './users-screen';

const routes = [{ path: '/users', element: <UsersScreen /> }];
const renderScreen = () => renderRoutes(routes, '/users');
/** Puts text in a box at once: typing key by key is what the search test is about, not these. */
const fill = async (user: UserEvent, box: HTMLElement, text: string) => {
  await user.click(box);
  await user.paste(text);
};
const table = () => screen.getByRole('table', { name: 'Users of the licence' });
const rowOf = (email: string) => {
  const cell = within(table()).getByText(email, { exact: false });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${email}`);
  return row;
};

quietTests();

describe('the users screen as an admin', SCREEN, () => {
  it("shows the count badge, a table of the first 10 users with the spec's columns, and their client data", async () => {
    const api = usersApi(manyUsers(12), wireUser(), [
      { user_id: 2, sf_id: 'SF-0002', updated_at: '2026-01-01T00:00:00Z' },
    ]);
    const { user } = renderScreen();
    expect(await screen.findByText('12 user(s)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Picture', 'First name', 'Last name', 'Role', 'Email', 'Actions']);
    expect(within(table()).getAllByRole('row')).toHaveLength(11);
    expect(api.callsTo('GET', '/api/client_data')[0]?.query.get('per_page')).toBe('100');
    expect(api.callsTo('GET', '/api/users/')[0]?.query.get('per_page')).toBe('10');
    // The admin checkbox reflects the role and, for an admin looking, can be used.
    const adaBox = screen.getByRole('checkbox', { name: 'Ada Lovelace is an admin' });
    expect(adaBox).toBeChecked();
    expect(adaBox).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'User 2 Test is an admin' })).not.toBeChecked();
    expect(within(rowOf('user2@example.com')).getByText('Manager')).toBeInTheDocument();
    // The client data is merged: editing user 2 shows their Salesforce ID.
    await user.click(screen.getByRole('button', { name: 'Edit User 2 Test' }));
    expect(screen.getByLabelText('Salesforce ID')).toHaveValue('SF-0002');
  });

  it('searches the typed text with a loading indicator while typing, from page 1', async () => {
    const api = usersApi(manyUsers(25));
    const { user } = renderScreen();
    expect(await screen.findByText('25 user(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/users/').at(-1)?.query.get('page')).toBe('2'));
    await waitFor(() => expect(screen.queryByLabelText('Loading…')).not.toBeInTheDocument());

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'USER 1');
    expect(screen.getByLabelText('Loading…')).toBeInTheDocument();
    expect(await screen.findByText('10 user(s)')).toBeInTheDocument();
    const last = api.callsTo('GET', '/api/users/').at(-1);
    expect(last?.query.get('filters[search]')).toBe('USER 1');
    expect(last?.query.get('page')).toBe('1');
    await waitFor(() => expect(screen.queryByLabelText('Loading…')).not.toBeInTheDocument());

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    expect(await screen.findByText('25 user(s)')).toBeInTheDocument();
  });

  it('creates a user from the form above the list, dropping an empty password, then saves the Salesforce ID', async () => {
    const api = usersApi(manyUsers(2));
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'New user' }));
    const form = screen.getByRole('form', { name: 'New user' });
    await fill(user, within(form).getByLabelText('First name'), 'Grace');
    await fill(user, within(form).getByLabelText('Last name'), 'Hopper');
    await fill(user, within(form).getByLabelText('Email'), 'grace@example.com');
    await user.click(within(form).getByRole('radio', { name: 'Other' }));
    await fill(user, within(form).getByLabelText('Salesforce ID'), 'SF-9');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(screen.queryByRole('form', { name: 'New user' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/users')[0]?.body).toEqual({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      role: 'user',
      level: 'other',
    });
    expect(api.callsTo('PUT', '/api/client_data/100')[0]?.body).toEqual({ sf_id: 'SF-9' });
    expect(await screen.findByText('3 user(s)')).toBeInTheDocument();
    expect(within(rowOf('grace@example.com')).getByText('Other')).toBeInTheDocument();
  });

  it("edits a user in their row: 'Editing {name}', Admin maps to 'admin', the password only when typed", async () => {
    const api = usersApi(manyUsers(3));
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Edit User 3 Test' }));
    const form = screen.getByRole('form', { name: 'Editing User 3 Test' });
    expect(within(form).getByLabelText('Password')).toHaveAttribute('type', 'password');
    await user.click(within(form).getByRole('radio', { name: 'Admin' }));
    // An admin has no level to choose.
    expect(within(form).queryByRole('radio', { name: 'Manager' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH', '/api/users/3')[0]?.body).toEqual({
      first_name: 'User 3',
      last_name: 'Test',
      email: 'user3@example.com',
      role: 'admin',
      level: 'manager',
    });
    expect(api.callsTo('PUT', '/api/client_data/3')).toHaveLength(0);
    expect(await screen.findByRole('checkbox', { name: 'User 3 Test is an admin' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Edit User 3 Test' }));
    const again = screen.getByRole('form', { name: 'Editing User 3 Test' });
    await fill(user, within(again).getByLabelText('Password'), 'a new password');
    await user.click(within(again).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/users/3')).toHaveLength(2));
    expect(api.callsTo('PATCH', '/api/users/3')[1]?.body).toMatchObject({ password: 'a new password' });
  });

  it("toasts 'The user could not be saved' with the server's reason and keeps the form open", async () => {
    usersApi(manyUsers(2));
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Edit Ada Lovelace' }));
    const form = screen.getByRole('form', { name: 'Editing Ada Lovelace' });
    await user.click(within(form).getByRole('radio', { name: 'User' }));
    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    expect(
      await screen.findByText('The user could not be saved: the licence must keep at least one admin'),
    ).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Editing Ada Lovelace' })).toBeInTheDocument();
  });

  it('changes a role with the admin checkbox after asking, naming the person and the new role', async () => {
    const api = usersApi(manyUsers(2));
    const { user } = renderScreen();
    await user.click(await screen.findByRole('checkbox', { name: 'User 2 Test is an admin' }));
    const question = await screen.findByRole('dialog', { name: 'Make User 2 Test an admin?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('PATCH', '/api/users/2')).toEqual([]);
    expect(screen.getByRole('checkbox', { name: 'User 2 Test is an admin' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'User 2 Test is an admin' }));
    const again = await screen.findByRole('dialog', { name: 'Make User 2 Test an admin?' });
    await user.click(within(again).getByRole('button', { name: 'Change the role' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/users/2')[0]?.body).toEqual({ role: 'admin' }));
    expect(await screen.findByText("User 2 Test's role is now Admin")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'User 2 Test is an admin' })).toBeChecked(),
    );
  });

  it("deletes a user after 'Are you sure?', and offers no delete on one's own row", async () => {
    const api = usersApi(manyUsers(3));
    const { user } = renderScreen();
    expect(await screen.findByText('3 user(s)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Ada Lovelace' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete User 2 Test' }));
    expect(screen.getByText('Are you sure?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('2 user(s)')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/users/2')).toHaveLength(1);
  });

  it('keeps a failed delete silent (SPEC section 8)', async () => {
    usersApi(manyUsers(3));
    const { user } = renderScreen();
    expect(await screen.findByText('3 user(s)')).toBeInTheDocument();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: 'forbidden', message: 'Only an admin can do this' }, 403)),
    );
    await user.click(screen.getByRole('button', { name: 'Delete User 2 Test' }));
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.queryByText(/could not be deleted/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Only an admin/)).not.toBeInTheDocument();
  });
});

describe('the users screen as a user', SCREEN, () => {
  it('shows disabled role checkboxes, no add button, and lets them edit only their own names and password', async () => {
    const me = wireUser({
      id: 2,
      first_name: 'User 2',
      last_name: 'Test',
      email: 'user2@example.com',
      role: 'user',
    });
    const api = usersApi(manyUsers(3), me);
    const { user } = renderScreen();
    expect(await screen.findByText('3 user(s)')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Ada Lovelace is an admin' })).toBeDisabled(),
    );
    expect(screen.queryByRole('button', { name: 'New user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Ada Lovelace' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit User 2 Test' }));
    const form = screen.getByRole('form', { name: 'Editing User 2 Test' });
    expect(within(form).getByLabelText('Email')).toBeDisabled();
    expect(within(form).getByLabelText('Salesforce ID')).toBeDisabled();
    expect(within(form).getByRole('radio', { name: 'Admin' })).toBeDisabled();
    await user.clear(within(form).getByLabelText('First name'));
    await fill(user, within(form).getByLabelText('First name'), 'Renamed');
    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/users/2')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/users/2')[0]?.body).toEqual({
      first_name: 'Renamed',
      last_name: 'Test',
    });
  });
});
