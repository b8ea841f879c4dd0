import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, listAnswer } from '../../../test/fake-api';
import { jsonResponse, sessionUser, wireUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/router';
import { useAppStore } from '../../store/app-store';
import { CandidateActivity } from './candidate-activity';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  useAppStore.getState().setUser(sessionUser());
});

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();

const events = [
  {
    id: 12,
    kind: 'status_changed',
    created_at: hoursAgo(1),
    actor: { id: 2, name: 'Ana Silva' },
    job_application_id: 5,
    job_offer_id: 3,
    data: {
      from: { id: 1, name: 'New' },
      to: { id: 4, name: 'Rejected' },
      offer: { id: 3, name: 'Backend' },
      via: 'move',
      reason: { id: 9, name: 'Skills' },
    },
  },
  {
    id: 11,
    kind: 'email_sent',
    created_at: hoursAgo(50),
    actor: { id: 2, name: 'Ana Silva' },
    job_application_id: null,
    job_offer_id: 3,
    data: {
      subject: 'Hello Grace',
      template: { id: 1, name: 'First contact' },
      email_id: 77,
      to: 'g@x.test',
    },
  },
];
const note = {
  id: 30,
  candidate_id: 100,
  job_application_id: null,
  author: { id: 1, name: 'Ada Lovelace' },
  content: '<p>Great <strong>call</strong></p>',
  mentions: [],
  created_at: hoursAgo(3),
  updated_at: hoursAgo(3),
};

function activityApi() {
  return fakeApi({
    'GET /api/candidates/100/timeline': (call) =>
      jsonResponse({
        data: call.query.get('kind') === 'email_sent' ? [events[1]] : events,
        next_before: null,
      }),
    'GET /api/candidates/100/notes': () => listAnswer([note]),
    'GET /api/candidates/100/emails/77': () =>
      jsonResponse({
        id: 77,
        sent_at: hoursAgo(50),
        subject: 'Hello Grace',
        to: 'g@x.test',
        sender: { id: 2, email: 'ana@x.test' },
        job_offer: null,
        content: '<p>Dear Grace, let us talk.</p>',
      }),
    'GET /api/users/': () =>
      listAnswer([wireUser(), wireUser({ id: 2, first_name: 'Ana', last_name: 'Silva' })]),
    'DELETE /api/notes/30': () => new Response(null, { status: 204 }),
    'PATCH /api/notes/30': (call) => jsonResponse({ ...note, ...(call.body as object) }),
  });
}

const renderActivity = () =>
  renderRoutes([{ path: '/', element: <CandidateActivity candidateId={100} /> }], '/');

describe('the candidate activity', { timeout: 20_000 }, () => {
  it('merges notes and events newest first, with who, relative times and the rejection reason', async () => {
    activityApi();
    renderActivity();
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Moved from New to Rejected in Backend by Ana Silva');
    expect(items[0]).toHaveTextContent('Reason: Skills');
    expect(items[0]).toHaveTextContent('1 hour ago');
    expect(items[1]).toHaveTextContent('Note by Ada Lovelace');
    expect(items[1]).toHaveTextContent('Great call');
    expect(items[2]).toHaveTextContent('Email sent: Hello Grace by Ana Silva');
    expect(items[2]).toHaveTextContent('2 days ago');
    expect(items[2]).toHaveTextContent('Template: First contact');
  });

  it('opens a sent email’s body on demand', async () => {
    activityApi();
    const { user } = renderActivity();
    await user.click(await screen.findByRole('button', { name: 'Show the email' }));
    expect(await screen.findByText('Dear Grace, let us talk.')).toBeInTheDocument();
  });

  it('filters by kind: emails only asks the server for them and hides the notes', async () => {
    const api = activityApi();
    const { user } = renderActivity();
    await screen.findByText('Note by Ada Lovelace');
    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(await screen.findByRole('option', { name: 'Emails' }));
    await waitFor(() => expect(screen.queryByText('Note by Ada Lovelace')).toBeNull());
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(api.calls.some((c) => c.path.endsWith('/timeline') && c.query.get('kind') === 'email_sent')).toBe(
      true,
    );
  });

  it("opens 'Add a note' with its key, ready to type, but not while typing elsewhere", async () => {
    activityApi();
    const { user } = renderActivity();
    const add = await screen.findByRole('button', { name: 'Add a note' });
    expect(add).toHaveAttribute('aria-keyshortcuts', 'n');
    expect(screen.getByText(/or press/)).toHaveTextContent('or press N');
    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.keyboard('n');
    expect(screen.queryByRole('textbox', { name: 'Note' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(document.body);
    await user.keyboard('n');
    const editor = await screen.findByRole('textbox', { name: 'Note' });
    await waitFor(() => expect(editor).toHaveFocus());
  });

  it('edits a note in the same editor as a new one: a blank note cannot be saved', async () => {
    const api = activityApi();
    const { user } = renderActivity();
    await user.click(await screen.findByRole('button', { name: 'Edit note' }));
    const editor = await screen.findByRole('textbox', { name: 'Note' });
    await waitFor(() => expect(editor).toHaveTextContent('Great call'));
    await user.click(editor);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    expect(screen.getByRole('button', { name: 'Save note' })).toBeDisabled();
    await user.keyboard('Short call');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/notes/30')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/notes/30')[0]?.body).toEqual({ content: '<p>Short call</p>' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Note' })).toBeNull());
  });

  it('lets the author delete a note after confirming', async () => {
    const api = activityApi();
    const { user } = renderActivity();
    await user.click(await screen.findByRole('button', { name: 'Delete note' }));
    await user.click(await screen.findByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/notes/30')).toHaveLength(1));
  });
});

describe("a card's last activity", () => {
  it('says what happened, who and when, and the notes count', async () => {
    const { LastActivity } = await import('./last-activity');
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <LastActivity
              lastActivity={{
                kind: 'status_changed',
                createdAt: hoursAgo(48),
                actor: { name: 'Ana' },
                data: { from: null, to: { name: 'Interview' }, offer: { name: 'Backend' } },
              }}
              notesCount={2}
            />
          ),
        },
      ],
      '/',
    );
    expect(
      await screen.findByText('Moved to Interview in Backend by Ana, 2 days ago · 2 notes'),
    ).toBeInTheDocument();
  });
});
