import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toCamelCase } from '../../../../shared/api/case';
import { jsonResponse } from '../../../../test/fixtures';
import { quietTests, SCREEN } from '../../../../test/frame';
import { renderRoutes } from '../../../../test/router';
import { fakeApi } from '../../testing/fake-api';
import { wireJobOffer } from '../../testing/wire-fixtures';
import type { JobOffer } from '../../types';
import JobPostingModal from './job-posting-modal';

quietTests();

/** The posting's calls answered like the server: the offer's PATCH, its questions, the careers site. */
function postingApi({ saved = true } = {}) {
  let questions: object[] = [];
  return fakeApi({
    'GET /api/careers_site': () =>
      jsonResponse({
        saved,
        slug: 'acme',
        intro: '',
        colour: '#364fc7',
        privacy_notice_url: null,
        has_logo: false,
        public_path: '/careers/acme',
      }),
    'GET /api/job_offers/1/questions': () => jsonResponse({ data: questions }),
    'PUT /api/job_offers/1/questions': ({ body }) => {
      questions = (body as { questions: object[] }).questions.map((q, i) => ({
        id: 40 + i,
        choices: [],
        required: false,
        ...q,
      }));
      return jsonResponse({ data: questions });
    },
    'PATCH /api/job_offers/:id': ({ body }) => {
      const fields = (body as { job_offer: { published: boolean } }).job_offer;
      return jsonResponse(
        wireJobOffer({ ...fields, public_slug: fields.published ? 'backend-developer' : null } as object),
      );
    },
  });
}

const offer = toCamelCase(wireJobOffer()) as JobOffer;
const renderModal = () =>
  renderRoutes([{ path: '/jobs', element: <JobPostingModal offer={offer} onClose={() => {}} /> }], '/jobs');

describe("a job offer's posting", SCREEN, () => {
  it('edits the place, contract and salary, adds and orders questions, publishes and shows the public link', async () => {
    const api = postingApi();
    const { user } = renderModal();
    expect(
      await screen.findByText('No question: candidates send their details and CV only.'),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Lyon');
    await user.type(screen.getByRole('textbox', { name: /^Country/ }), 'fr');
    await user.click(screen.getByRole('combobox', { name: 'Contract' }));
    await user.click(await screen.findByRole('option', { name: 'Permanent' }));
    await user.type(screen.getByRole('textbox', { name: 'Salary from' }), '50000');
    await user.type(screen.getByRole('textbox', { name: 'Salary to' }), '40000');
    expect(screen.getByText('The lower bound is above the upper one')).toBeInTheDocument();
    expect(screen.getByText('A salary needs its currency, as a three-letter code (EUR)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save the posting' })).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'Salary to' }));
    await user.type(screen.getByRole('textbox', { name: 'Salary to' }), '60000');
    await user.type(screen.getByRole('textbox', { name: /^Currency/ }), 'eur');

    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    await user.type(screen.getByRole('textbox', { name: 'Question 1' }), 'Notice period?');
    await user.click(screen.getByRole('checkbox', { name: 'Required' }));
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    await user.type(screen.getByRole('textbox', { name: 'Question 2' }), 'English level');
    await user.click(screen.getByRole('combobox', { name: 'Kind of question 2' }));
    await user.click(await screen.findByRole('option', { name: 'One choice' }));
    expect(screen.getByText('Give 2 to 20 choices')).toBeInTheDocument();
    const choices = screen
      .getAllByLabelText(/^Choices of question 2/)
      .find((el) => el.tagName === 'INPUT') as HTMLElement;
    await user.type(choices, 'Basic{Enter}Fluent{Enter}');
    await user.click(screen.getByRole('button', { name: 'Move question 2 up' }));

    await user.click(screen.getByRole('switch', { name: /^Published/ }));
    await user.click(screen.getByRole('button', { name: 'Save the posting' }));
    expect(await screen.findByText('The posting is saved')).toBeInTheDocument();

    expect(api.callsTo('PATCH', '/api/job_offers/1')[0]?.body).toEqual({
      job_offer: {
        description: '',
        city: 'Lyon',
        country: 'FR',
        workplace: 'on_site',
        contract_type: 'permanent',
        salary_min: 50000,
        salary_max: 60000,
        salary_currency: 'EUR',
        published: true,
      },
    });
    expect(api.callsTo('PUT', '/api/job_offers/1/questions')[0]?.body).toEqual({
      questions: [
        { kind: 'single_choice', label: 'English level', choices: ['Basic', 'Fluent'], required: false },
        { kind: 'short_text', label: 'Notice period?', required: true },
      ],
    });
    await waitFor(() =>
      expect(screen.getByTestId('public-link')).toHaveAttribute(
        'href',
        'http://localhost:3000/careers/acme/jobs/backend-developer',
      ),
    );
    const first = screen.getByRole('group', { name: 'Question 1' });
    expect(within(first).getByRole('textbox', { name: 'Question 1' })).toHaveValue('English level');
  });

  it('says when the careers site is not set up yet, and shows no link for an offer not published', async () => {
    postingApi({ saved: false });
    renderModal();
    expect(
      await screen.findByText(
        'The careers site is not set up yet: an admin chooses its address in Settings.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /^Published/ })).not.toBeChecked();
    expect(screen.queryByTestId('public-link')).not.toBeInTheDocument();
  });
});
