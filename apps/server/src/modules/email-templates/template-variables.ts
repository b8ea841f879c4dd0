import type { Candidate, TemplateVariable } from '@vivier/contract';
import { escapeHtml } from '../../lib/escape-html.ts';

export type VariableValues = Record<TemplateVariable, string>;

/**
 * Any bracketed token, known or not (SPEC section 3: variables are `[:name:]`). Rendering replaces every one,
 * so a misspelt or unknown token leaves nothing behind rather than `[:frist_name:]` in a candidate's inbox.
 */
const TOKEN = /\[:([^[\]<>]*?):\]/g;

const clean = (value: string | null | undefined) => (value ?? '').replace(TOKEN, '').trim();

/** The first `n` non-empty names of a list, most recent first, joined with ', '. */
const latest = (names: (string | null | undefined)[], n: number) =>
  names
    .map(clean)
    .filter((name) => name !== '')
    .slice(0, n)
    .join(', ');

/**
 * What each variable stands for with this candidate (docs/decisions/081-template-variables.md). Experiences
 * and educations come most recent first, as profiles list them. A missing value is an empty string.
 */
export function variableValues(candidate: Candidate): VariableValues {
  const companies = (candidate.details.experiences ?? []).map((e) => e.company);
  const schools = (candidate.details.educations ?? []).map((e) => e.school);
  return {
    first_name: clean(candidate.first_name),
    last_name: clean(candidate.last_name),
    title: clean(candidate.details.title) || clean(candidate.manual_data.title),
    last_company: latest(companies, 1),
    last_companies_2: latest(companies, 2),
    last_companies_3: latest(companies, 3),
    last_school: latest(schools, 1),
    last_school_2: latest(schools, 2),
    last_school_3: latest(schools, 3),
    // An interview's invitation fills these (modules/interviews); any other message has none.
    interview_date: '',
    interview_time: '',
    interview_place: '',
    interviewers: '',
  };
}

const isVariable = (name: string, values: VariableValues): name is TemplateVariable =>
  Object.hasOwn(values, name);

const valueFor = (name: string, values: VariableValues) => {
  const key = name.trim().toLowerCase();
  return isVariable(key, values) ? values[key] : '';
};

/** Replaces every token of a plain text (a subject) with its value; an unknown token with nothing. */
export function renderText(text: string, values: VariableValues): string {
  return text.replace(TOKEN, (_, name: string) => valueFor(name, values));
}

/** Replaces every token of sanitised HTML with its value, escaped: a candidate's data never becomes markup. */
export function renderHtml(html: string, values: VariableValues): string {
  return html.replace(TOKEN, (_, name: string) => escapeHtml(valueFor(name, values)));
}
