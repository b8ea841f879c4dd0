import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { fakeApi } from '../../testing/fake-api';
import { CvsModal } from './cvs-modal';
import { confirmedOf, rowOf, rowProblem } from './draft-row';

/** A draft as the API answers one (snake_case wire shape). */
const wireDraft = (id: number, detected: Record<string, unknown>, duplicates: unknown[] = []) => ({
  id,
  name: `cv-${id}.txt`,
  size: 100,
  media_type: 'text/plain',
  text_read: true,
  detected: { first_name: null, last_name: null, emails: [], phones: [], linkedin_url: null, ...detected },
  duplicates,
  created_at: '2026-01-01T00:00:00Z',
});

describe('a draft row of the review list', () => {
  it('is selected unless it may be a candidate already, and is sent with its lists split', () => {
    const row = rowOf({
      id: 4,
      name: 'cv.pdf',
      size: 1,
      mediaType: 'application/pdf',
      textRead: true,
      detected: { firstName: 'Ada', lastName: null, emails: ['a@x.test'], phones: [], linkedinUrl: null },
      duplicates: [],
      createdAt: '',
    });
    expect(row.selected).toBe(true);
    expect(rowProblem(row)).toBeNull();
    expect(rowProblem({ ...row, firstName: '', emails: '' })).toBe('needsIdentity');
    expect(rowProblem({ ...row, emails: 'a@x.test, nope' })).toBe('badEmail');
    expect(rowProblem({ ...row, phones: 'call me' })).toBe('badPhone');
    expect(confirmedOf({ ...row, emails: ' a@x.test ; b@x.test,', phones: '+33 6 12 34 56 78' })).toEqual({
      id: 4,
      firstName: 'Ada',
      lastName: null,
      linkedinUrl: null,
      emails: ['a@x.test', 'b@x.test'],
      phones: ['+33 6 12 34 56 78'],
    });
  });
});

describe('Create from CVs', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));

  it('reads the CVs two at a time, shows a duplicate unselected, and creates the selected ones', async () => {
    let inFlight = 0;
    let most = 0;
    let sent = 0;
    const answers = [
      () =>
        jsonResponse(wireDraft(1, { first_name: 'Ada', last_name: 'Lovelace', emails: ['ada@x.test'] }), 201),
      () =>
        jsonResponse(
          wireDraft(2, { first_name: 'Grace', last_name: 'Hopper', phones: ['+1 757 555 0100'] }, [
            { candidate_id: 9, name: 'Grace H.', by: 'phone', value: '+1 757 555 0100' },
          ]),
          201,
        ),
      () => jsonResponse({ error: 'unsupported_file_type', message: 'no' }, 415),
    ];
    const onClose = vi.fn();
    const api = fakeApi({
      'POST /api/candidate_drafts': async () => {
        const answer = answers[sent++] ?? answers[2];
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        inFlight--;
        return (answer as () => Response)();
      },
      'POST /api/candidate_drafts/confirm': () =>
        jsonResponse({ created: [{ draft_id: 1, candidate_id: 11 }], credits_left: 5 }, 201),
    });
    const { user } = renderWithProviders(<CvsModal opened onClose={onClose} />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, [
      new File(['Ada'], 'ada.txt', { type: 'text/plain' }),
      new File(['Grace'], 'grace.txt', { type: 'text/plain' }),
      new File(['x'], 'page.txt', { type: 'text/plain' }),
    ]);

    const grace = await screen.findByRole('listitem', { name: 'cv-2.txt' });
    expect(most).toBe(2);
    expect(screen.getByText('page.txt')).toBeInTheDocument();
    expect(within(grace).getByText('Already in Vivier: Grace H. (+1 757 555 0100)')).toBeInTheDocument();
    expect(within(grace).getByRole('checkbox')).not.toBeChecked();
    const ada = screen.getByRole('listitem', { name: 'cv-1.txt' });
    expect(within(ada).getByRole('checkbox')).toBeChecked();
    await user.clear(within(ada).getByLabelText('First name'));
    await user.type(within(ada).getByLabelText('First name'), 'Augusta Ada');
    await user.click(screen.getByRole('button', { name: 'Create 1 candidate' }));

    expect(await screen.findByText('1 candidate created')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(api.callsTo('POST', '/api/candidate_drafts/confirm')[0]?.body).toEqual({
      drafts: [
        {
          id: 1,
          first_name: 'Augusta Ada',
          last_name: 'Lovelace',
          linkedin_url: null,
          emails: ['ada@x.test'],
          phones: [],
        },
      ],
    });
  });
});
