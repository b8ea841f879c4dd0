import { describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { candidatesEn, registerCandidateTexts } from './i18n';
import { candidatesFr } from './i18n.fr';

const keys = (messages: object, prefix = ''): string[] =>
  Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );

describe('the candidate database texts', () => {
  it('are registered in English and French, none left in English', () => {
    registerCandidateTexts();
    registerCandidateTexts();
    expect(keys(candidatesFr).sort()).toEqual(keys(candidatesEn).sort());
    const all = keys(candidatesEn).map((key) => `candidates.${key}`);
    expect(all.filter((key) => !i18n.exists(key, { lng: 'fr' }))).toEqual([]);
    const same = all.filter((key) => i18n.t(key, { lng: 'fr' }) === i18n.t(key, { lng: 'en' }));
    expect(same).toEqual([]);
    expect(i18n.t('candidates.added', { lng: 'en', count: 2 })).toBe(
      '2 candidates successfully added to job offer',
    );
  });
});
