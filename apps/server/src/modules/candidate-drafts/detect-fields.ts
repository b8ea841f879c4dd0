import { CONTACTS_MAX, contactKey, isValidContact } from '@vivier/contract';
import type { DetectedFields } from '../../db/schema/index.ts';

/** Contacts and a name are on a CV's first pages: the rest of its text is not scanned. */
export const SCANNED_CHARS = 20_000;
/** A token longer than this is no email or LinkedIn address (the patterns only ever see a bounded string). */
const TOKEN_MAX = 320;
/** Where the name is looked for: the first lines with text. */
const NAME_LINES = 8;

/** Characters around an address in running text: `<a@b.fr>`, `(a@b.fr)`, `a@b.fr,`. */
const EDGE = new Set([...'<>()[]{},;:"\'`«»“”‘’|*•·']);
const trimEdges = (token: string) => {
  let start = 0;
  let end = token.length;
  while (start < end && EDGE.has(token[start] as string)) start++;
  while (end > start && (EDGE.has(token[end - 1] as string) || token[end - 1] === '.')) end--;
  return token.slice(start, end);
};

const PHONE_CHARS = new Set([...'+0123456789 ().-/|']);
/** The longest run of phone characters read (a few phones side by side). */
const RUN_MAX = 120;
const isDigit = (c: string) => c >= '0' && c <= '9';
/** A year range (`2015 - 2019`, `2015/2019`) has the shape of a phone: not one. */
const YEAR_RANGE = /^(?:19|20)\d\d ?[-/.] ?(?:19|20)\d\d$/;

/**
 * Runs of phone characters holding 9 to 15 digits, in one pass over the text (no pattern ever sees more than
 * one run, and runs longer than a phone are skipped): `+33 6 12 34 56 78`, `(555) 010-0100`.
 */
function phonesIn(text: string) {
  const found: string[] = [];
  let start = -1;
  const take = (piece: string) => {
    const run = piece.trim().replace(/[-./ (]+$/, '');
    let digits = 0;
    for (const c of run) if (isDigit(c)) digits++;
    if (digits < 9 || digits > 15 || run.length > 40 || YEAR_RANGE.test(run)) return;
    if (isValidContact('phone', run)) found.push(run.replace(/\s+/g, ' '));
  };
  const close = (end: number) => {
    if (start < 0) return;
    const length = end - start;
    const run = text.slice(start, end);
    start = -1;
    // Two or three phones in a row at most (`+33 6 12 34 56 78 / (555) 010-0100`); a longer run is a table of
    // figures, skipped before any pattern reads it.
    if (length > RUN_MAX) return;
    for (const piece of run.split(/ [/|] | {2,}/)) take(piece);
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (PHONE_CHARS.has(c)) {
      // A run starts on a digit, a + or an opening parenthesis, never in the middle of a word.
      if (start < 0 && (isDigit(c) || c === '+' || c === '(')) start = i;
    } else close(i);
  }
  close(text.length);
  return found;
}

/** `linkedin.com/in/<slug>` anywhere in a token, as the canonical https address. */
function linkedinOf(token: string) {
  const lower = token.toLowerCase();
  const at = lower.indexOf('linkedin.com/in/');
  if (at < 0) return null;
  let slug = '';
  for (const c of token.slice(at + 'linkedin.com/in/'.length)) {
    if (!/[\p{L}\p{N}_%-]/u.test(c)) break;
    slug += c;
  }
  return slug ? `https://www.linkedin.com/in/${slug}` : null;
}

/** Words that head a CV and are no one's name. */
const HEADINGS = new Set(['cv', 'curriculum', 'vitae', 'vitæ', 'resume', 'résumé', 'profil', 'profile']);
const NAME_WORD = /^\p{L}[\p{L}'’-]*$/u;
const isUpper = (w: string) => w === w.toUpperCase() && w !== w.toLowerCase();

/**
 * A name from the first lines: the first of 2 to 4 words, letters only, that is no heading. A word in capitals
 * is the last name (`Marie CURIE`, `CURIE Marie`); else the last word is.
 */
function nameIn(lines: string[]) {
  for (const line of lines.slice(0, NAME_LINES)) {
    const words = line.trim().split(/\s+/);
    if (line.length > 60 || words.length < 2 || words.length > 4) continue;
    if (!words.every((w) => NAME_WORD.test(w)) || words.some((w) => HEADINGS.has(w.toLowerCase()))) continue;
    const capitals = words.filter(isUpper);
    if (capitals.length > 0 && capitals.length < words.length) {
      return {
        first_name: words.filter((w) => !isUpper(w)).join(' '),
        last_name: capitals.join(' '),
      };
    }
    return { first_name: words.slice(0, -1).join(' '), last_name: words.at(-1) ?? null };
  }
  return { first_name: null, last_name: null };
}

const unique = (values: string[], kind: 'email' | 'phone') => {
  const seen = new Set<string>();
  return values
    .filter((v) => {
      const key = contactKey(kind, v);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, CONTACTS_MAX);
};

/**
 * The name, emails, phones and LinkedIn address a CV's text shows (issue 22, decision 188). Linear in the
 * text, of which the first SCANNED_CHARS characters are read: tokens split on whitespace, each bounded before
 * any pattern sees it; phones by one pass over the characters.
 */
export function detectFields(fullText: string): DetectedFields {
  const text = fullText.slice(0, SCANNED_CHARS);
  const emails: string[] = [];
  let linkedin: string | null = null;
  for (const raw of text.split(/\s+/)) {
    if (raw.length === 0 || raw.length > TOKEN_MAX) continue;
    const token = trimEdges(raw.replace(/^mailto:/i, ''));
    if (token.includes('@') && isValidContact('email', token)) emails.push(token);
    else linkedin ??= linkedinOf(token);
  }
  const lines = text.split('\n').filter((line) => line.trim().length > 0);
  return {
    ...nameIn(lines),
    emails: unique(emails, 'email'),
    phones: unique(phonesIn(text), 'phone'),
    linkedin_url: linkedin,
  };
}
