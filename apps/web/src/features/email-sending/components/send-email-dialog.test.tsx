import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { useAppStore } from '../../../shared/store/app-store';
import { fakeApi, listAnswer } from '../../../test/fake-api';
import { jsonResponse, wireJobOffer } from '../../../test/fixtures';
import { quietTests } from '../../../test/frame';
import { renderWithProviders } from '../../../test/render';
import { SendEmailDialog } from './send-email-dialog';

const template = (id: number, name: string) => ({
  id,
  name,
  subject: 'Hello [:first_name:]',
  content: '<p>Hi</p>',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});
const offer = (emailTemplateId: number | null) =>
  wireJobOffer({
    id: 5,
    company_id: null,
    company: null,
    email_template_id: emailTemplateId,
    candidates_count: 12,
    summary: { statuses: [] },
  });
const people = Array.from({ length: 12 }, (_, i) => ({
  candidate_id: i + 1,
  full_name: `Person ${i + 1}`,
  email: `person${i + 1}@mail.test`,
}));

type Body = {
  email_template_id: number;
  candidate_ids?: number[];
  filters?: { with_status_id: number };
  preview_candidate_id?: number;
};

const progress = (state: string, sent: number, failed: number) => ({
  id: 7,
  state,
  total: 12,
  sent,
  failed,
  skipped: 0,
  contacted_status: { id: 2, name: 'Contacted' },
});

/** The server's side of the dialog: templates, the offer, a preview of one message, a send and its progress. */
function sendingApi({
  linked = 2 as number | null,
  providerToken = null as string | null,
  templates = [template(1, 'Intro'), template(2, 'Follow-up')],
  refuseSend = false,
} = {}) {
  let reads = 0;
  return fakeApi({
    'GET /api/email_templates/': () => listAnswer(templates),
    'GET /api/job_offers/5': () => jsonResponse(offer(linked)),
    'GET /api/oauth/token': () =>
      providerToken
        ? jsonResponse({ access_token: providerToken })
        : jsonResponse({ error: 'unauthorized', message: 'No provider token' }, 401),
    'POST /api/job_offers/5/emails/preview': ({ body }) => {
      const { email_template_id, preview_candidate_id } = body as Body;
      const shown = people.find((p) => p.candidate_id === preview_candidate_id) ?? people[0];
      return jsonResponse({
        email_template: { id: email_template_id, name: email_template_id === 1 ? 'Intro' : 'Follow-up' },
        recipients: people,
        message: shown && {
          ...shown,
          subject: `${email_template_id === 1 ? 'Intro' : 'Again'} ${shown.full_name}`,
          content: `<p>Dear ${shown.full_name}</p>`,
        },
        skipped: [{ candidate_id: 99, full_name: 'No Mail', reason: 'no_email' }],
      });
    },
    'POST /api/job_offers/5/emails': () =>
      refuseSend
        ? jsonResponse({ error: 'send_limit_reached', message: 'Too many emails' }, 429)
        : jsonResponse({ id: 7, total: 12, skipped: [] }, 202),
    // The server sends in the background: the first read finds it under way, the next one done.
    'GET /api/email_sends/7': () =>
      jsonResponse(reads++ === 0 ? progress('sending', 4, 0) : progress('done', 11, 1)),
  });
}

quietTests({ signedIn: true });

describe("the 'Send email' dialog", () => {
  it("previews the offer's template for each recipient and lists those without an email", async () => {
    const api = sendingApi();
    renderWithProviders(<SendEmailDialog jobOfferId={5} statusId={11} onClose={vi.fn()} />);
    expect(await screen.findByRole('dialog', { name: 'Send email: Backend developer' })).toBeInTheDocument();
    expect(await screen.findByText('12 recipient(s)')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Email template' })).toHaveValue('Follow-up');
    expect(screen.getByText('Again Person 1')).toBeInTheDocument();
    expect(screen.getByTitle('Email to Person 1')).toHaveAttribute(
      'srcdoc',
      expect.stringContaining('<p>Dear Person 1</p>'),
    );
    expect(screen.getByTitle('Email to Person 1')).toHaveAttribute('sandbox', '');
    expect(screen.getByText('Without a valid email address, not sent: No Mail')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/job_offers/5/emails/preview')[0]?.body).toEqual({
      email_template_id: 2,
      filters: { with_status_id: 11 },
    });
  });

  it('previews the message of another recipient, and of another template', async () => {
    sendingApi();
    const { user } = renderWithProviders(<SendEmailDialog jobOfferId={5} onClose={vi.fn()} />);
    expect(await screen.findByText('Again Person 1')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Preview for' }));
    await user.click(await screen.findByRole('option', { name: 'Person 3 <person3@mail.test>' }));
    expect(await screen.findByText('Again Person 3')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Email template' }));
    await user.click(await screen.findByRole('option', { name: 'Intro' }));
    expect(await screen.findByText('Intro Person 1')).toBeInTheDocument();
  });

  it('asks the server to send to every recipient at once, shows its progress and the final counts', async () => {
    const api = sendingApi();
    const { user } = renderWithProviders(
      <SendEmailDialog jobOfferId={5} candidateIds={[1, 2]} onClose={vi.fn()} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Send to 12 candidate(s)' }));
    expect(await screen.findByText('Sending 4 of 12…')).toBeInTheDocument();
    expect(await screen.findByText('11 email(s) sent', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('1 email(s) could not be sent')).toBeInTheDocument();
    expect(
      screen.getByText('Candidates contacted for the first time moved to "Contacted".'),
    ).toBeInTheDocument();
    const sends = api
      .callsTo('POST', '/api/job_offers/5/emails')
      .map((call) => (call.body as Body).candidate_ids);
    expect(sends).toEqual([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]]);
    expect(api.callsTo('POST', '/api/job_offers/5/emails/preview')[0]?.body).toEqual({
      email_template_id: 2,
      candidate_ids: [1, 2],
    });
    expect(screen.queryByRole('button', { name: /Send to/ })).toBeNull();
  });

  it('hands the Google token to the server for the signature, and a refused token call keeps the session', async () => {
    const api = sendingApi({ providerToken: 'ya29.token' });
    renderWithProviders(<SendEmailDialog jobOfferId={5} onClose={vi.fn()} />);
    await screen.findByText('12 recipient(s)');
    const previews = api.fetchMock.mock.calls.filter(([url]) => String(url).includes('/emails/preview'));
    expect(new Headers(previews[0]?.[1]?.headers).get('X-Provider-Token')).toBe('ya29.token');
  });

  it('keeps the user signed in when the token call answers 401 (a password sign-in has no provider token)', async () => {
    const api = sendingApi();
    renderWithProviders(<SendEmailDialog jobOfferId={5} onClose={vi.fn()} />);
    await screen.findByText('12 recipient(s)');
    const previews = api.fetchMock.mock.calls.filter(([url]) => String(url).includes('/emails/preview'));
    expect(new Headers(previews[0]?.[1]?.headers).has('X-Provider-Token')).toBe(false);
    expect(useAppStore.getState().user).not.toBeNull();
  });

  it('offers to write a template when the licence has none', async () => {
    sendingApi({ linked: null, templates: [] });
    const { user } = renderWithProviders(<SendEmailDialog jobOfferId={5} onClose={vi.fn()} />);
    expect(
      await screen.findByText('There is no email template yet: create one, then send it.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit email template' }));
    expect(useAppStore.getState().emailDialog).toEqual({ kind: 'template', jobOfferId: 5 });
  });

  it('says why when the user sent their hourly number of emails, and sends nothing', async () => {
    const api = sendingApi({ refuseSend: true });
    const { user } = renderWithProviders(<SendEmailDialog jobOfferId={5} onClose={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Send to 12 candidate(s)' }));
    expect(
      await screen.findByText(
        'The emails could not be sent: you have sent as many emails as allowed in an hour, please try again later',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/email_sends/7')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Send to 12 candidate(s)' })).toBeEnabled();
  });

  it('says the same in French', async () => {
    sendingApi({ refuseSend: true });
    await i18n.changeLanguage('fr');
    try {
      const { user } = renderWithProviders(<SendEmailDialog jobOfferId={5} onClose={vi.fn()} />);
      await user.click(await screen.findByRole('button', { name: 'Envoyer à 12 candidat(s)' }));
      expect(
        await screen.findByText(
          "Les e-mails n'ont pas pu être envoyés : vous avez envoyé autant d’e-mails qu’autorisé en une heure, veuillez réessayer plus tard",
        ),
      ).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
