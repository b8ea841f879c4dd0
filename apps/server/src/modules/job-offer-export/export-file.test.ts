import { describe, expect, it } from 'vitest';
import { escapeFormula, exportFileName, slugify } from './export-file.ts';

describe('exportFileName (SPEC section 9)', () => {
  const day = new Date('2026-07-14T23:59:59Z');

  it('joins the slugs of company, job name and date with underscores; csv, or txt for admen', () => {
    const offer = { name: 'Développeur·euse  Senior (H/F)', companyName: 'Ça & Là, SARL' };
    expect(exportFileName(offer, 'csv_semicolumn', day)).toBe(
      'ca-la-sarl_developpeur-euse-senior-h-f_2026-07-14.csv',
    );
    expect(exportFileName(offer, 'csv_comma', day)).toBe(
      'ca-la-sarl_developpeur-euse-senior-h-f_2026-07-14.csv',
    );
    expect(exportFileName(offer, 'admen', day)).toBe('ca-la-sarl_developpeur-euse-senior-h-f_2026-07-14.txt');
  });

  it('leaves out a missing company and names a job whose name has no letter', () => {
    expect(exportFileName({ name: 'Data', companyName: null }, 'csv_comma', day)).toBe('data_2026-07-14.csv');
    expect(exportFileName({ name: '🚀', companyName: '***' }, 'admen', day)).toBe('job-offer_2026-07-14.txt');
  });

  it('never lets a quote, slash or control character into the header value', () => {
    const name = exportFileName({ name: 'a"b/c\\d\r\ne', companyName: '../x' }, 'csv_comma', day);
    expect(name).toBe('x_a-b-c-d-e_2026-07-14.csv');
    expect(slugify('Ünïcödé ŒUVRE ﬁ Straße')).toBe('unicode-oeuvre-fi-strasse');
  });
});

describe('escapeFormula (CSV injection)', () => {
  it('leaves phone numbers and plain numbers as they are: they cannot run as formulas', () => {
    for (const value of ['+33 6 12 34 56 78', '+1 555-010-0100', '-42', '+3,5', '0612345678']) {
      expect(escapeFormula(value)).toBe(value);
    }
  });

  it('prefixes a quote to anything else that starts like a formula, full-width forms included', () => {
    expect(escapeFormula('=HYPERLINK("http://evil.test","x")')).toBe('\'=HYPERLINK("http://evil.test","x")');
    for (const value of [
      '+cmd|calc',
      '-2+3',
      '@SUM(A1)',
      '\tx',
      '\rx',
      '＝1+1',
      '＋A1',
      '－A1',
      '＠SUM(A1)',
      '-1 555 0100',
    ]) {
      expect(escapeFormula(value)).toBe(`'${value}`);
    }
    expect(escapeFormula('Zoé')).toBe('Zoé');
  });
});
