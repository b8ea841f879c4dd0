import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { ApiError } from './api-error';
import { ERROR_CODES, serverErrorMessage } from './error-message';

/** The app's own words for the contract's error codes and validation details (issue 7 section 8). */
const http = (status: number, body: Record<string, unknown>) => new ApiError('http', 'x', { status, body });

/** An empty job offer name as the API answers it (camelCased by the HTTP client). */
const emptyName = http(400, {
  error: 'validation_error',
  message: 'Invalid request: body.job_offer.name must not be empty',
  details: [{ path: 'body.job_offer.name', problem: 'empty', message: 'must not be empty' }],
});

afterEach(() => i18n.changeLanguage('en'));

describe('serverErrorMessage', () => {
  it('words an empty job offer name in English and in French, never with the server sentence', async () => {
    expect(serverErrorMessage(emptyName, i18n.t('errors.jobOfferSave'))).toBe(
      "The job offer could not be saved: the field 'Name' must not be empty",
    );
    await i18n.changeLanguage('fr');
    expect(serverErrorMessage(emptyName, i18n.t('errors.jobOfferSave'))).toBe(
      "L'offre d'emploi n'a pas pu être enregistrée : le champ « Nom » ne doit pas être vide",
    );
  });

  it('says which limit a field passed, and falls back to a generic reason for a field it cannot name', () => {
    const tooLong = http(400, {
      error: 'validation_error',
      message: 'x',
      details: [{ path: 'body.job_offer.name', problem: 'too_long', limit: 200, message: 'x' }],
    });
    expect(serverErrorMessage(tooLong, 'The job offer could not be saved')).toBe(
      "The job offer could not be saved: the field 'Name' must be at most 200 characters long",
    );
    const unknownField = http(400, {
      error: 'validation_error',
      message: 'Invalid request: params.id Invalid input',
      details: [{ path: 'params.id', problem: 'invalid', message: 'Invalid input' }],
    });
    expect(serverErrorMessage(unknownField, 'The job offer could not be fetched')).toBe(
      'The job offer could not be fetched: some of the information sent is not valid',
    );
  });

  it("shows SPEC's catalogue messages whole, and the action's message alone for a code it does not know", () => {
    const credits = http(402, { error: 'credits_exhausted', message: 'No credits' });
    expect(serverErrorMessage(credits, 'Error during the process')).toBe(
      'No credits left on this license, please contact your administrator',
    );
    const reset = http(410, { error: 'reset_token_invalid', message: 'gone' });
    expect(serverErrorMessage(reset, 'x')).toBe('Your recovery link has expired, please request a new one');
    const unknown = http(418, { error: 'teapot', message: "I'm a teapot" });
    expect(serverErrorMessage(unknown, 'Error during the process')).toBe('Error during the process');
  });

  it('has a message for every error code of the contract, in both languages', async () => {
    for (const language of ['en', 'fr']) {
      await i18n.changeLanguage(language);
      for (const code of ERROR_CODES) {
        const text = serverErrorMessage(http(400, { error: code, message: 'server text' }), 'Action');
        expect(text, `${code} (${language})`).not.toContain('errors.');
        expect(text, `${code} (${language})`).not.toContain('auth.');
        expect(text).not.toContain('server text');
      }
    }
  });
});
