import { act, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../shared/store/app-store';
import { fakeApi, listAnswer } from '../test/fake-api';
import { jsonResponse, wireJobOffer } from '../test/fixtures';
import { quietTests } from '../test/frame';
import { renderWithProviders } from '../test/render';
import { EmailDialogs } from './email-dialogs';

const offer = wireJobOffer({
  id: 5,
  company_id: null,
  company: null,
  candidates_count: 0,
  summary: { statuses: [] },
});

// The dialogs load lazily; their modules are loaded once here so a busy machine's first import is not timed.
beforeAll(async () => {
  await import('./email-dialog-components');
});

quietTests({ resetStore: true });
beforeEach(() => {
  fakeApi({
    'GET /api/email_templates/': () => listAnswer([]),
    'GET /api/job_offers/5': () => jsonResponse(offer),
  });
});

describe('the email dialogs', () => {
  it('shows nothing until a screen opens one through the store, and goes when it is closed', async () => {
    const { user } = renderWithProviders(<EmailDialogs />);
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => useAppStore.getState().openEmailDialog({ kind: 'template', jobOfferId: 5 }));
    expect(
      await screen.findByRole('dialog', { name: 'Email template of Backend developer' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useAppStore.getState().emailDialog).toBeNull();

    act(() => useAppStore.getState().openEmailDialog({ kind: 'send', jobOfferId: 5, candidateIds: [1] }));
    expect(await screen.findByRole('dialog', { name: 'Send email: Backend developer' })).toBeInTheDocument();
  });
});
