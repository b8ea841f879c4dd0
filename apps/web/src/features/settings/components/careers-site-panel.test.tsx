import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { wireUser } from '../../../test/fixtures';
import { quietTests, SCREEN } from '../../../test/frame';
import { renderRoutes } from '../../../test/router';
import { SettingsScreen } from '../settings-screen';
import { settingsApi } from '../testing/settings-api';

const renderScreen = () => renderRoutes([{ path: '/settings', element: <SettingsScreen /> }], '/settings');

quietTests();

describe("the settings screen's careers site", SCREEN, () => {
  it('is not offered to a user', async () => {
    const api = settingsApi({ me: wireUser({ role: 'user' }) });
    renderScreen();
    await screen.findByRole('combobox', { name: 'Export format' });
    expect(screen.queryByRole('button', { name: 'Careers site' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/careers_site')).toHaveLength(0);
  });

  it('shows the proposed address, saves the settings and shows the public link', async () => {
    const api = settingsApi({ me: wireUser({ role: 'admin' }) });
    const { user } = renderScreen();
    expect(api.callsTo('GET', '/api/careers_site')).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Careers site' }));
    const slug = await screen.findByRole('textbox', { name: /^Address/ });
    expect(slug).toHaveValue('acme');
    expect(screen.getByText(/Not saved yet/)).toBeInTheDocument();

    await user.clear(slug);
    await user.type(slug, 'Our-Team-');
    expect(
      screen.getByText('Use lower-case letters, digits and hyphens, not at the start or end'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save the careers site' })).toBeDisabled();
    await user.type(slug, 'x');
    await user.type(screen.getByRole('textbox', { name: 'Introduction' }), 'We make things.');
    const privacy = screen.getByRole('textbox', { name: /^Privacy notice address/ });
    await user.type(privacy, 'http://example.com/privacy');
    expect(screen.getByText('Give an https:// address')).toBeInTheDocument();
    await user.clear(privacy);
    await user.type(privacy, 'https://example.com/privacy');

    await user.click(screen.getByRole('button', { name: 'Save the careers site' }));
    expect(await screen.findByText('The careers site is saved')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/careers_site')[0]?.body).toEqual({
      slug: 'our-team-x',
      intro: 'We make things.',
      colour: '#364fc7',
      privacy_notice_url: 'https://example.com/privacy',
      confirmation: { en: { subject: '', body: '' }, fr: { subject: '', body: '' } },
    });
    await waitFor(() =>
      expect(screen.getByTestId('careers-link')).toHaveAttribute(
        'href',
        'http://localhost:3000/careers/our-team-x',
      ),
    );
    expect(screen.getByText('Your careers site:')).toBeInTheDocument();
  });

  it('writes the confirmation mail per language, the built-in text as placeholder, empty meaning that text', async () => {
    const api = settingsApi({ me: wireUser({ role: 'admin' }) });
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Careers site' }));
    expect(await screen.findByText('Confirmation mail to applicants')).toBeInTheDocument();
    expect(
      screen.getByText(/\{first_name\}, \{last_name\}, \{job_offer\}, \{organisation\}/),
    ).toBeInTheDocument();
    const subjectEn = screen.getByRole('textbox', { name: 'Subject (English)' });
    expect(subjectEn).toHaveAttribute('placeholder', 'Your application for {job_offer}');
    expect(screen.getByRole('textbox', { name: 'Subject (French)' })).toHaveAttribute(
      'placeholder',
      'Votre candidature : {job_offer}',
    );
    expect(screen.getByRole('textbox', { name: 'Message (English)' }).getAttribute('placeholder')).toMatch(
      /^Hello \{first_name\},/,
    );
    await user.type(subjectEn, 'Thanks for applying, {{first_name}');
    await user.type(screen.getByRole('textbox', { name: 'Message (French)' }), 'Merci !');
    await user.click(screen.getByRole('button', { name: 'Save the careers site' }));
    expect(await screen.findByText('The careers site is saved')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/careers_site')[0]?.body).toMatchObject({
      confirmation: {
        en: { subject: 'Thanks for applying, {first_name}', body: '' },
        fr: { subject: '', body: 'Merci !' },
      },
    });
  });

  it('says when the address is taken', async () => {
    settingsApi({ me: wireUser({ role: 'admin' }) });
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Careers site' }));
    const slug = await screen.findByRole('textbox', { name: /^Address/ });
    await user.clear(slug);
    await user.type(slug, 'taken');
    await user.click(screen.getByRole('button', { name: 'Save the careers site' }));
    expect(await screen.findByText(/the same name or address is already used/)).toBeInTheDocument();
  });
});
