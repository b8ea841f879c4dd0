import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/fixtures';
import { expectButtons, quietTests } from '../../../test/frame';
import { renderRoutes } from '../../../test/router';
import { SignatureEditor } from './signature-editor';

const render = () => renderRoutes([{ path: '/settings', element: <SignatureEditor /> }], '/settings');

function signatureApi({ token = null as string | null, stored = '<p>Stored signature</p>' } = {}) {
  let value = stored;
  return fakeApi({
    'GET /api/oauth/token': () =>
      token
        ? jsonResponse({ access_token: token })
        : jsonResponse({ error: 'not_found', message: 'No token' }, 404),
    'GET /api/users/me/signature': () => jsonResponse({ value, source: 'stored' }),
    'PUT /api/users/me/signature': ({ body }) => {
      value = (body as { value: string }).value;
      return jsonResponse({ value, source: 'stored' });
    },
  });
}

// The editor is lazy: its chunk is loaded once here, so a busy machine's first import (TipTap) is not timed.
beforeAll(async () => {
  await import('../rich-text-editor/rich-text-editor');
});

quietTests({ signedIn: true });

describe('the signature editor of User settings', () => {
  it('is filled with the signature and has the toolbar of SPEC section 2', async () => {
    signatureApi();
    render();
    const area = await screen.findByRole('textbox', { name: 'Email signature' });
    expect(area).toHaveTextContent('Stored signature');
    expectButtons([
      'Bold',
      'Underline',
      'Italic',
      'Strikethrough',
      'Ordered list',
      'Bullet list',
      'Horizontal line',
      'Link',
    ]);
    expect(screen.queryByRole('button', { name: 'Heading 1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save signature' })).toBeDisabled();
  });

  it("reads Gmail's signature through the server for a Google sign-in", async () => {
    const api = fakeApi({
      'GET /api/oauth/token': () => jsonResponse({ access_token: 'ya29.token' }),
      'GET /api/users/me/signature': () => jsonResponse({ value: '<p>From Gmail</p>', source: 'provider' }),
    });
    render();
    expect(await screen.findByRole('textbox', { name: 'Email signature' })).toHaveTextContent('From Gmail');
    expect(
      screen.getByText('This is the signature of your Gmail account. Saving keeps a copy in Vivier.'),
    ).toBeInTheDocument();
    const call = api.fetchMock.mock.calls.find(([url]) => String(url).includes('/users/me/signature'));
    expect(new Headers(call?.[1]?.headers).get('X-Provider-Token')).toBe('ya29.token');
  });

  it('saves the edited signature', async () => {
    const api = signatureApi();
    const { user } = render();
    const area = await screen.findByRole('textbox', { name: 'Email signature' });
    await user.click(area);
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await user.click(screen.getByRole('button', { name: 'Save signature' }));
    expect(await screen.findByText('Your signature has been saved')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/me/signature')[0]?.body).toEqual({
      value: '<p><strong>Stored signature</strong></p>',
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save signature' })).toBeDisabled());
  });

  it("toasts 'The signature could not be fetched'", async () => {
    fakeApi({ 'GET /api/users/me/signature': () => jsonResponse({}, 500) });
    render();
    expect(await screen.findByText('The signature could not be fetched')).toBeInTheDocument();
  });
});
