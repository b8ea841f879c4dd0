import { describe, expect, it } from 'vitest';
import { detectFields, SCANNED_CHARS } from './detect-fields.ts';

// What a CV's text shows (issue 22, decision 188): a name from the first lines, emails, phones, LinkedIn.
describe('detecting a CV’s fields', () => {
  it('finds the name, emails, phones and LinkedIn address of a plain CV', () => {
    const cv = [
      'Curriculum vitae',
      'Marie Curie',
      'Physicist and chemist',
      'Email: <marie.curie@sorbonne.fr>, mailto:MCurie@Example.org; marie.curie@sorbonne.fr',
      'Tel. +33 6 12 34 56 78 / (555) 010-0100',
      'https://www.linkedin.com/in/marie-curie-1867/?trk=x',
      'Experience 2015 - 2019, Paris 75005',
    ].join('\n');
    expect(detectFields(cv)).toEqual({
      first_name: 'Marie',
      last_name: 'Curie',
      emails: ['marie.curie@sorbonne.fr', 'MCurie@Example.org'],
      phones: ['+33 6 12 34 56 78', '(555) 010-0100'],
      linkedin_url: 'https://www.linkedin.com/in/marie-curie-1867',
    });
  });

  it('takes the word in capitals as the last name, whichever comes first', () => {
    expect(detectFields('DUPONT Jean-Pierre\nDéveloppeur')).toMatchObject({
      first_name: 'Jean-Pierre',
      last_name: 'DUPONT',
    });
    expect(detectFields('Élodie de LA TOUR\nx')).toMatchObject({
      first_name: 'Élodie de',
      last_name: 'LA TOUR',
    });
  });

  it('finds nothing in a text without them, and no name in a line of digits or a heading', () => {
    expect(detectFields('RESUME CV\n12 rue de la Paix\nlorem')).toEqual({
      first_name: null,
      last_name: null,
      emails: [],
      phones: [],
      linkedin_url: null,
    });
    expect(detectFields('')).toEqual({
      first_name: null,
      last_name: null,
      emails: [],
      phones: [],
      linkedin_url: null,
    });
  });

  it('reads only the first characters, and stays fast on a hostile text', () => {
    const late = `${'word '.repeat(SCANNED_CHARS / 5)}late@example.com`;
    expect(detectFields(late).emails).toEqual([]);
    const hostile = [
      '@'.repeat(1_000_000),
      `${'a.'.repeat(200_000)}@`,
      '1 '.repeat(500_000),
      `${'linkedin.com/in/'.repeat(50_000)}`,
      `${'('.repeat(300_000)}1`,
      `${'( '.repeat(300_000)}x`,
    ];
    for (const text of hostile) {
      const started = performance.now();
      detectFields(text);
      expect(performance.now() - started).toBeLessThan(500);
    }
  });
});
