import { describe, expect, it, vi } from 'vitest';
import { en } from './en';
import { fr } from './fr';
import { i18n, switchLanguage } from './i18n';

const keys = (messages: object, prefix = ''): string[] =>
  Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );

describe('i18n', () => {
  it('shows the key of a missing text and reports it', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(i18n.t('nowhere.toBeFound')).toBe('nowhere.toBeFound');
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('nowhere.toBeFound'));
    consoleError.mockRestore();
  });

  it('has a French text for every English one, and no French text left in English', () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    const same = keys(en).filter((key) => i18n.t(key, { lng: 'fr' }) === i18n.t(key, { lng: 'en' }));
    // Words that are the same in both languages.
    expect(same.sort()).toEqual(
      [
        'common.ok',
        'editor.code',
        'editor.image',
        'licence.widget',
        'jobOffer.board.column',
        'emailTemplates.variables',
        'nav.logo',
        'nav.version',
        'paginator.label',
        'paginator.page',
        'settings.formats.admen',
        'settings.pipeline',
        'users.columns.actions',
        'users.levels.manager',
        'activity.filters.notes',
        'activity.filters.tags',
        'activity.notes.editorLabel',
        'activity.notesCount_one',
        'activity.notesCount_other',
        'activity.notifications.bell',
        'activity.notifications.title',
        // The same in both: the word CV, and a line of three values between dots.
        'candidateFiles.cv',
        'candidateFiles.by',
        // The audit log's action column and filter, and Vivier naming itself as the actor of its own jobs.
        'auditLog.action',
        'auditLog.columns.action',
        'auditLog.system',
      ].sort(),
    );
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
