import { describe, expect, it, vi } from 'vitest';
import { i18n, switchLanguage } from './i18n';

describe('i18n', () => {
  it('shows the key of a missing text and reports it', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(i18n.t('nowhere.toBeFound')).toBe('nowhere.toBeFound');
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('nowhere.toBeFound'));
    consoleError.mockRestore();
  });

  it('falls back to English for another language', async () => {
    await i18n.changeLanguage('de');
    expect(i18n.t('nav.users')).toBe('Users');
    await i18n.changeLanguage('fr');
    expect(i18n.t('nav.users')).toBe('Utilisateurs');
    await i18n.changeLanguage('en');
  });

  it('shows French once its texts are in; of two overlapping switches the last one asked for wins', async () => {
    const toFrench = switchLanguage('fr');
    const backToEnglish = switchLanguage('en');
    await Promise.all([toFrench, backToEnglish]);
    expect(i18n.resolvedLanguage).toBe('en');
    await switchLanguage('fr');
    expect(i18n.t('nav.users')).toBe('Utilisateurs');
    await switchLanguage('en');
  });
});
