import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsReceived } from '../../../../shared/resources/settings/testing/settings-received';
import { settingsRoute } from '../../../../shared/resources/settings/testing/wire-settings';
import { useAppStore } from '../../../../shared/store/app-store';
import { sessionUser } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { fakeApi, listAnswer } from '../../testing/fake-api';
import { wireTags } from '../../testing/wire-fixtures';
import { TagArea } from './tag-area';

function signInAs(role: 'user' | 'admin') {
  const user = sessionUser();
  useAppStore.getState().setUser({ ...user, role, claims: { ...user.claims, role } });
}

const tagApi = (values: Parameters<typeof settingsRoute>[0]) =>
  fakeApi({ ...settingsRoute(values), 'GET /api/tags': () => listAnswer(wireTags) });

async function openTagSearch(text: string) {
  const onAdd = vi.fn(async () => {});
  const { user } = renderWithProviders(
    <>
      <SettingsReceived />
      <TagArea tags={[]} onAdd={onAdd} onRemove={async () => {}} />
    </>,
  );
  await screen.findByText('Settings received');
  await user.click(screen.getByRole('button', { name: 'Add a tag' }));
  await user.type(screen.getByRole('textbox', { name: 'Select a tag or type to search...' }), text);
  return { user, onAdd };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAppStore.getState().reset();
});

describe("the tag area under the licence's tags_rule", () => {
  it('hides creation from a user when tags are not createable, and still finds and adds tags', async () => {
    tagApi({ tags_rule: 'not-createable' });
    signInAs('user');
    const { user, onAdd } = await openTagSearch('Jav');
    expect(await screen.findByRole('option', { name: 'Java' })).toBeInTheDocument();
    const option = await screen.findByRole('option', { name: 'JavaScript' });
    expect(screen.queryByRole('option', { name: /Create and add tag/ })).not.toBeInTheDocument();
    await user.click(option);
    expect(onAdd).toHaveBeenCalledWith({ id: 22, name: 'JavaScript' });
  });

  it('offers creation to an admin whatever the rule', async () => {
    tagApi({ tags_rule: 'not-createable' });
    signInAs('admin');
    await openTagSearch('Kotlin');
    expect(await screen.findByRole('option', { name: 'Create and add tag: Kotlin' })).toBeInTheDocument();
  });

  it('offers creation to a user when tags are createable, even if only admins create companies', async () => {
    tagApi({ tags_rule: 'createable', company_creation: 'admins_only' });
    signInAs('user');
    await openTagSearch('Kotlin');
    expect(await screen.findByRole('option', { name: 'Create and add tag: Kotlin' })).toBeInTheDocument();
  });
});
