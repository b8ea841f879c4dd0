import { describe, expect, it } from 'vitest';
import { exportFileName, slugify } from './export-file.ts';

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
