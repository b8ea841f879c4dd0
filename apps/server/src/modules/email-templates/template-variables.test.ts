import { type Candidate, TEMPLATE_VARIABLES } from '@vivier/contract';
import { describe, expect, it } from 'vitest';
import { renderHtml, renderText, variableValues } from './template-variables.ts';

/** A candidate as the presenter answers it, with nothing known unless given. */
function candidate(overrides: Partial<Candidate> = {}): Candidate {
  return {
    id: 1,
    first_name: null,
    last_name: null,
    full_name: '',
    email: null,
    phone: null,
    linkedin_url: null,
    picture_url: null,
    details: { title: null, skills: [], educations: [], experiences: [] },
    manual_data: { first_name: null, last_name: null, title: null },
    contacts: {
      emails: [],
      phones: [],
      added_emails: [],
      added_phones: [],
      deleted_emails: [],
      deleted_phones: [],
    },
    social_networks: [],
    tags: [],
    legal_basis: 'legitimate_interest',
    legal_basis_at: '2026-01-01T00:00:00.000Z',
    legal_basis_by: null,
    erased_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const EVERY_TOKEN = TEMPLATE_VARIABLES.map((name) => `${name}=[:${name}:]`).join('|');
const TOKEN_LEFT = /\[:[^\]]*:\]/;

const full = candidate({
  first_name: 'Ada',
  last_name: 'Lovelace',
  details: {
    title: 'Analyst',
    experiences: [
      { company: 'Babbage & Co' },
      { company: 'Royal Society' },
      { company: 'Byron Ltd' },
      { company: 'Old' },
    ],
    educations: [
      { school: 'Home tutoring' },
      { school: 'University of London' },
      { school: 'Cambridge' },
      { school: 'x' },
    ],
  },
});

describe('variable values', () => {
  it('gives every variable its value with full candidate data, most recent first', () => {
    expect(variableValues(full)).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      title: 'Analyst',
      last_company: 'Babbage & Co',
      last_companies_2: 'Babbage & Co, Royal Society',
      last_companies_3: 'Babbage & Co, Royal Society, Byron Ltd',
      last_school: 'Home tutoring',
      last_school_2: 'Home tutoring, University of London',
      last_school_3: 'Home tutoring, University of London, Cambridge',
      // Filled only in an interview's invitation (issue 27).
      interview_date: '',
      interview_time: '',
      interview_place: '',
      interviewers: '',
    });
  });

  it('uses what there is with partial data: the manual title, one company, blank entries skipped', () => {
    const partial = candidate({
      first_name: 'Grace',
      details: { title: '  ', experiences: [{ company: null }, { company: ' Navy ' }], educations: [{}] },
      manual_data: { title: 'Rear admiral' },
    });
    expect(variableValues(partial)).toEqual({
      first_name: 'Grace',
      last_name: '',
      title: 'Rear admiral',
      last_company: 'Navy',
      last_companies_2: 'Navy',
      last_companies_3: 'Navy',
      last_school: '',
      last_school_2: '',
      last_school_3: '',
      // Filled only in an interview's invitation (issue 27).
      interview_date: '',
      interview_time: '',
      interview_place: '',
      interviewers: '',
    });
  });

  it('answers empty strings for a candidate with no data at all, even without details lists', () => {
    const empty = candidate({ details: {} });
    for (const name of TEMPLATE_VARIABLES) expect(variableValues(empty)[name]).toBe('');
  });
});

describe('rendering', () => {
  it('replaces every variable in a subject with full data', () => {
    expect(renderText(EVERY_TOKEN, variableValues(full))).toBe(
      'first_name=Ada|last_name=Lovelace|title=Analyst|last_company=Babbage & Co|' +
        'last_companies_2=Babbage & Co, Royal Society|last_companies_3=Babbage & Co, Royal Society, Byron Ltd|' +
        'last_school=Home tutoring|last_school_2=Home tutoring, University of London|' +
        'last_school_3=Home tutoring, University of London, Cambridge|' +
        'interview_date=|interview_time=|interview_place=|interviewers=',
    );
  });

  it('leaves no raw token with full, partial or empty data, nor for unknown or spaced tokens', () => {
    const text = `${EVERY_TOKEN} [:unknown:] [: first_name :] [:FIRST_NAME:] [::]`;
    for (const who of [full, candidate({ first_name: 'Grace' }), candidate({ details: {} })]) {
      const values = variableValues(who);
      expect(renderText(text, values)).not.toMatch(TOKEN_LEFT);
      expect(renderHtml(`<p>${text}</p>`, values)).not.toMatch(TOKEN_LEFT);
    }
    expect(renderText('[: first_name :]!', variableValues(full))).toBe('Ada!');
  });

  it('escapes values in HTML, so candidate data never becomes markup', () => {
    const hostile = candidate({
      first_name: '<img src=x onerror=alert(1)>',
      last_name: '"quoted" & \'single\'',
    });
    expect(renderHtml('<p>[:first_name:] [:last_name:]</p>', variableValues(hostile))).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot; &amp; &#39;single&#39;</p>',
    );
  });

  it('does not expand a token found inside candidate data', () => {
    const sneaky = candidate({ first_name: '[:last_name:]', last_name: 'Smith' });
    expect(renderText('[:first_name:]|[:last_name:]', variableValues(sneaky))).toBe('|Smith');
  });
});
