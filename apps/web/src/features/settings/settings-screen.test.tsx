import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { wireUser } from '../../test/fixtures';
import { quietTests, SCREEN } from '../../test/frame';
import { renderRoutes } from '../../test/router';
import { SettingsScreen } from './settings-screen';
import { defaultPipeline, settingsApi } from './testing/settings-api';

const renderScreen = () => renderRoutes([{ path: '/settings', element: <SettingsScreen /> }], '/settings');
const section = (name: string) => screen.getByRole('button', { name });
const openSection = async (user: UserEvent, name: string) => {
  const control = await screen.findByRole('button', { name });
  if (control.getAttribute('aria-expanded') !== 'true') await user.click(control);
};
const pick = async (user: UserEvent, label: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
};
const pipelineNames = () =>
  within(screen.getByRole('region', { name: 'Pipeline' }))
    .getAllByRole('textbox', { name: /^Name of / })
    .map((box) => (box as HTMLInputElement).value);

quietTests();

describe('the settings screen', SCREEN, () => {
  it("shows a user only 'User settings', open first; no Global settings, no tags fetched", async () => {
    const api = settingsApi({ me: wireUser({ role: 'user' }) });
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(section('User settings')).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('combobox', { name: 'Export format' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/users/me')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Global settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tag management' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/tags')).toHaveLength(0);
  });

  it('saves the personal export format at once, and the signature with its button', async () => {
    const api = settingsApi({ me: wireUser({ role: 'user' }) });
    const { user } = renderScreen();
    await screen.findByRole('combobox', { name: 'Export format' });
    expect(screen.getByRole('combobox', { name: 'Export format' })).toHaveValue(
      'The licence default (CSV (semicolon))',
    );
    await pick(user, 'Export format', 'Admen');
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/users/1')[0]?.body).toEqual({
        settings: { export: { type: 'admen' } },
      }),
    );

    const editor = await screen.findByRole('textbox', { name: 'Email signature' });
    const save = screen.getByRole('button', { name: 'Save signature' });
    expect(save).toBeDisabled();
    await user.click(editor);
    await user.keyboard('Ada from Vivier');
    await user.click(save);
    expect(await screen.findByText('Your signature has been saved')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/me/signature')[0]?.body).toEqual({
      value: '<p>Ada from Vivier</p>',
    });
    expect(api.callsTo('PATCH', '/api/users/1')).toHaveLength(1);
  });

  it('lets an admin set each global setting, each saved at once with its value and type', async () => {
    const api = settingsApi();
    const { user } = renderScreen();
    await openSection(user, 'Global settings');
    const visibility = await screen.findByRole('radiogroup', { name: 'Users can see all job offers?' });
    expect(within(visibility).getByRole('radio', { name: 'Yes' })).toBeChecked();
    await user.click(within(visibility).getByRole('radio', { name: 'No' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/settings/2')[0]?.body).toEqual({ value: { type: 'opaque' } }),
    );
    expect(within(visibility).getByRole('radio', { name: 'No' })).toBeChecked();

    const tagRule = screen.getByRole('radiogroup', { name: 'Tag creation' });
    await user.click(within(tagRule).getByRole('radio', { name: 'Only admins' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/settings/3')[0]?.body).toEqual({ value: { type: 'not-createable' } }),
    );
    const companyRule = screen.getByRole('radiogroup', { name: 'Company creation' });
    await user.click(within(companyRule).getByRole('radio', { name: 'Only admins' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/settings/4')[0]?.body).toEqual({ value: { type: 'admins_only' } }),
    );

    expect(screen.getByRole('combobox', { name: 'Contacted status' })).toHaveValue('Contacted');
    await pick(user, 'Contacted status', 'Hired');
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/settings/5')[0]?.body).toEqual({ value: { type: 5 } }),
    );
    await pick(user, 'Contacted status', 'None');
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/settings/5')[1]?.body).toEqual({ value: { type: null } }),
    );
    await pick(user, 'Default export format', 'CSV (comma)');
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/settings/1')[0]?.body).toEqual({ value: { type: 'csv_comma' } }),
    );
  });

  it("puts a refused setting back and toasts 'The settings could not be updated'", async () => {
    const api = settingsApi();
    const { user } = renderScreen();
    await openSection(user, 'Global settings');
    const visibility = await screen.findByRole('radiogroup', { name: 'Users can see all job offers?' });
    api.fetchMock.mockImplementationOnce(async () => new Response(null, { status: 500 }));
    await user.click(within(visibility).getByRole('radio', { name: 'No' }));
    expect(await screen.findByText('The settings could not be updated')).toBeInTheDocument();
    await waitFor(() => expect(within(visibility).getByRole('radio', { name: 'Yes' })).toBeChecked());
  });
});

describe('the pipeline', SCREEN, () => {
  it('adds a status (never with an empty name), hiding the add control at 10', async () => {
    const extra = [
      { id: 7, name: 'Phone screen', index: 6, color: '15aabf' },
      { id: 8, name: 'On hold', index: 7, color: 'e64980' },
    ];
    const api = settingsApi({ statuses: [...defaultPipeline(), ...extra] });
    const { user } = renderScreen();
    await openSection(user, 'Global settings');
    const box = await screen.findByRole('textbox', { name: 'New status' });
    expect(screen.getByRole('button', { name: 'Add the status' })).toBeDisabled();
    await user.type(box, '   {Enter}');
    expect(api.callsTo('POST', '/api/statuses')).toHaveLength(0);
    await user.clear(box);
    await user.type(box, 'Screening{Enter}');
    await waitFor(() => expect(pipelineNames()).toContain('Screening'));
    expect(api.callsTo('POST', '/api/statuses')[0]?.body).toEqual({ name: 'Screening' });
    expect(box).toHaveValue('');
    await user.type(box, 'Reference check{Enter}');
    await waitFor(() => expect(pipelineNames()).toHaveLength(10));
    expect(screen.queryByRole('textbox', { name: 'New status' })).not.toBeInTheDocument();
  });

  it('renames on Enter, reverts on Escape, and moves statuses up and down', async () => {
    const api = settingsApi();
    const { user } = renderScreen();
    await openSection(user, 'Global settings');
    const interview = await screen.findByRole('textbox', { name: 'Name of Interview' });
    await user.clear(interview);
    await user.type(interview, 'First interview{Enter}');
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/statuses/3')[0]?.body).toEqual({ name: 'First interview' }),
    );
    const offer = screen.getByRole('textbox', { name: 'Name of Offer' });
    await user.type(offer, ' letter{Escape}');
    expect(offer).toHaveValue('Offer');

    expect(screen.getByRole('button', { name: 'Move To contact up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Rejected down' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Hired up' }));
    await waitFor(() =>
      expect(pipelineNames()).toEqual([
        'To contact',
        'Contacted',
        'First interview',
        'Hired',
        'Offer',
        'Rejected',
      ]),
    );
    expect(api.callsTo('PATCH', '/api/statuses/5')[0]?.body).toEqual({ index: 3 });
  });

  it('asks where to move the applications of a status that holds some, then deletes it', async () => {
    const api = settingsApi({ held: [3] });
    const { user } = renderScreen();
    await openSection(user, 'Global settings');
    await user.click(await screen.findByRole('button', { name: 'Delete Offer' }));
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(pipelineNames()).not.toContain('Offer'));

    await user.click(screen.getByRole('button', { name: 'Delete Interview' }));
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Interview holds job applications. Move them to:')).toBeInTheDocument();
    expect(screen.queryByText(/could not be deleted/)).not.toBeInTheDocument();
    expect(pipelineNames()).toContain('Interview');
    await pick(user, 'Status to move the job applications to', 'Hired');
    await user.click(screen.getByRole('button', { name: 'Move and delete' }));
    await waitFor(() => expect(pipelineNames()).not.toContain('Interview'));
    expect(api.callsTo('DELETE', '/api/statuses/3').at(-1)?.query.get('move_to')).toBe('5');
  });
});

describe('tag management', SCREEN, () => {
  it('loads the tags when the panel opens, adds through a blank form that closes, renames and deletes', async () => {
    const api = settingsApi({
      tags: [
        { id: 7, name: 'Java' },
        { id: 8, name: 'Remote' },
      ],
    });
    const { user } = renderScreen();
    await screen.findByRole('button', { name: 'Tag management' });
    expect(api.callsTo('GET', '/api/tags')).toHaveLength(0);
    await openSection(user, 'Tag management');
    expect(await screen.findByText('Java')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/tags')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Add a tag' }));
    const box = screen.getByRole('textbox', { name: 'New tag' });
    expect(box).toHaveValue('');
    await user.type(box, '{Enter}');
    expect(api.callsTo('POST', '/api/tags')).toHaveLength(0);
    await user.type(box, 'Kotlin{Enter}');
    expect(await screen.findByText('Kotlin')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'New tag' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a tag' }));
    expect(screen.getByRole('textbox', { name: 'New tag' })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Edit tag Java' }));
    const name = screen.getByRole('textbox', { name: 'Tag name' });
    await user.clear(name);
    await user.type(name, 'remote{Enter}');
    expect(
      await screen.findByText('Error during the process: the same name or address is already used'),
    ).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Java 21{Enter}');
    expect(await screen.findByText('Java 21')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete tag Remote' }));
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByText('Remote')).not.toBeInTheDocument());
    expect(api.tags().map((tag) => tag.name)).toEqual(['Java 21', 'Kotlin']);
  });

  it("toasts 'The tags could not be fetched' and 'The tag could not be added'", async () => {
    const api = settingsApi();
    const { user } = renderScreen();
    await screen.findByRole('button', { name: 'Tag management' });
    api.fetchMock.mockImplementationOnce(async () => new Response(null, { status: 500 }));
    await openSection(user, 'Tag management');
    expect(await screen.findByText('The tags could not be fetched')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a tag' }));
    api.fetchMock.mockImplementationOnce(async () => new Response(null, { status: 500 }));
    await user.type(screen.getByRole('textbox', { name: 'New tag' }), 'Go{Enter}');
    expect(await screen.findByText('The tag could not be added')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'New tag' })).toHaveValue('Go');
  });
});
