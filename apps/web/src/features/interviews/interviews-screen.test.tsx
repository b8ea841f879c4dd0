import { screen, waitFor, within } from '@testing-library/react';
import type { InterviewListItem } from '@vivier/contract';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/fixtures';
import { quietTests, SCREEN } from '../../test/frame';
import { renderRoutes } from '../../test/router';
import { InterviewsScreen } from './interviews-screen';

quietTests();

/** Today at `hour` on the browser's clock: inside the week the screen opens on. */
const today = (hour: number) => {
  const day = new Date();
  day.setHours(hour, 0, 0, 0);
  return day;
};

/** The week view's item (the lean shape of `GET /api/interviews`). */
const item = (over: Partial<InterviewListItem> = {}): InterviewListItem => ({
  id: 1,
  job_application_id: 11,
  candidate: { id: 21, name: 'Ada Lovelace' },
  job_offer: { id: 31, name: 'Engineer' },
  starts_at: today(10).toISOString(),
  ends_at: today(11).toISOString(),
  kind: 'video',
  interviewers: [
    { id: 1, name: 'Alice Martin' },
    { id: 2, name: 'Bob Durand' },
  ],
  state: 'scheduled',
  answer: null,
  ...over,
});

describe('the interviews week view', SCREEN, () => {
  it("lists the week's interviews from the lean items, the user's own first, all on request", async () => {
    const api = fakeApi({
      'GET /api/interviews': ({ query }) =>
        jsonResponse({
          data:
            query.get('mine') === 'true'
              ? [item()]
              : [
                  item(),
                  item({
                    id: 2,
                    candidate: { id: 22, name: 'Grace Hopper' },
                    starts_at: today(14).toISOString(),
                    ends_at: today(15).toISOString(),
                    kind: 'phone',
                    state: 'cancelled',
                  }),
                ],
        }),
      'GET /api/users/me/calendar_feed': () => jsonResponse({ active: false, created_at: null }),
    });
    const { user } = renderRoutes([{ path: '/interviews', element: <InterviewsScreen /> }], '/interviews');
    const ada = await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(ada).toHaveAttribute('href', expect.stringContaining('31'));
    const card = ada.closest('div.mantine-Paper-root') as HTMLElement;
    expect(within(card).getByText('Engineer · Video · With Alice Martin, Bob Durand')).toBeInTheDocument();
    expect(within(card).getByText('No answer yet')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/interviews')[0]?.query.get('mine')).toBe('true');

    await user.click(screen.getByText('All'));
    expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/interviews').at(-1)?.query.get('mine')).toBe('false'),
    );
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
  });
});
