import { describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { candidateDialogsEn, registerCandidateDialogTexts } from './components/candidate-dialogs-i18n';
import { candidateDialogsFr } from './components/candidate-dialogs-i18n.fr';
import { fromCvsEn, registerFromCvsTexts } from './components/from-cvs/i18n';
import { fromCvsFr } from './components/from-cvs/i18n.fr';
import { candidateImportEn, registerImportTexts } from './components/import/i18n';
import { candidateImportFr } from './components/import/i18n.fr';
import { candidatesEn, registerCandidateTexts } from './i18n';
import { candidatesFr } from './i18n.fr';

const keys = (messages: object, prefix = ''): string[] =>
  Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );

describe('the candidate database texts', () => {
  it('are registered in English and French, none left in English', () => {
    for (const register of [
      registerCandidateTexts,
      registerCandidateDialogTexts,
      registerImportTexts,
      registerFromCvsTexts,
    ]) {
      register();
      register();
    }
    const en = { ...candidatesEn, ...candidateDialogsEn, ...candidateImportEn, ...fromCvsEn };
    const fr = { ...candidatesFr, ...candidateDialogsFr, ...candidateImportFr, ...fromCvsFr };
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    const all = keys(en).map((key) => `candidates.${key}`);
    expect(all.filter((key) => !i18n.exists(key, { lng: 'fr' }))).toEqual([]);
    const same = all.filter((key) => i18n.t(key, { lng: 'fr' }) === i18n.t(key, { lng: 'en' }));
    expect(same).toEqual([]);
    expect(i18n.t('candidates.added', { lng: 'en', count: 2 })).toBe(
      '2 candidates successfully added to job offer',
    );
    // The dialogs' texts sit beside the screen's under one key: registering one set keeps the others.
    expect(i18n.t('candidates.import.title', { lng: 'fr' })).toBe(candidateImportFr.import.title);
    expect(i18n.t('candidates.fromCvs.title', { lng: 'en' })).toBe('Create candidates from CVs');
    expect(i18n.t('candidates.count', { lng: 'en' })).toBe('candidate(s)');
  });
});
